import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyAgentResponseSchema, verifyAgentSchema } from '../../../../shared/api/claims.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

type VerifyAgentBody = z.input<typeof verifyAgentSchema>;
export type VerifyAgentResponse = z.infer<typeof verifyAgentResponseSchema>;

/** POST /api/admin/agents/{id}/verify {verified}: gives or takes away the verified badge. */
export function verifyAgent(agentId: number, verified: boolean): Promise<VerifyAgentResponse> {
  const body: VerifyAgentBody = { verified };
  return request<VerifyAgentResponse>(`/api/admin/agents/${agentId}/verify`, { method: 'POST', body });
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
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.submissions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.evidence(agentId) }),
      ]),
  });
}
