import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { ADMIN_STATS_KEY } from './get-admin-stats.js';
import { ADMIN_SUBMISSIONS_KEY } from './get-admin-submissions.js';
import { verificationEvidenceKey } from './get-verification-evidence.js';

export interface VerifyAgentResponse {
  agentId: number;
  verified: boolean;
}

/** POST /api/admin/agents/{id}/verify {verified}: gives or takes away the verified badge. */
export function verifyAgent(agentId: number, verified: boolean): Promise<VerifyAgentResponse> {
  return request<VerifyAgentResponse>(`/api/admin/agents/${agentId}/verify`, {
    method: 'POST',
    body: { verified },
  });
}

export function useVerifyAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, verified }: { agentId: number; name: string; verified: boolean }) =>
      verifyAgent(agentId, verified),
    onSuccess: (result, { name }) => {
      toast.success(result.verified ? 'Agent verified' : 'Verification removed', { description: name });
    },
    onError: (error, { verified }) => {
      toast.error(verified ? 'Failed to verify' : 'Failed to remove verification', {
        description: error.message,
      });
    },
    onSettled: (_result, _error, { agentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_SUBMISSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: verificationEvidenceKey(agentId) }),
      ]),
  });
}
