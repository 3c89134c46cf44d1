import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimsResponse, CreateClaimInput } from '../../../../shared/api/claims.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** GET /api/agents/{id}/claims: public; the owner also gets each claim's token and instructions. */
export function useAgentClaims(agentId: number) {
  return useQuery({
    queryKey: queryKeys.agents.claims(agentId),
    queryFn: ({ signal }) => request<ClaimsResponse>(`/api/agents/${agentId}/claims`, { signal }),
  });
}

function useRefreshClaims(agentId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.agents.claims(agentId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.agents.record(agentId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.evidence(agentId) }),
    ]);
}

/** POST /api/agents/{id}/claims (the owner): a pending claim with its token. */
export function useCreateClaim(agentId: number) {
  const refresh = useRefreshClaims(agentId);
  return useMutation({
    mutationFn: (body: CreateClaimInput) =>
      request<Claim>(`/api/agents/${agentId}/claims`, { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/agents/{id}/claims/{claimId}/check: looks for the evidence now. */
export function useCheckClaim(agentId: number) {
  const refresh = useRefreshClaims(agentId);
  return useMutation({
    mutationFn: (claimId: number) =>
      request<Claim>(`/api/agents/${agentId}/claims/${claimId}/check`, { method: 'POST' }),
    onSuccess: (claim) => {
      if (claim.status === 'active')
        toast.success('Claim verified', { description: claim.detail ?? undefined });
      else toast.error('Not verified yet', { description: claim.detail ?? undefined });
      return refresh();
    },
    onError: (error) => toast.error('The claim could not be checked', { description: error.message }),
  });
}

/** DELETE /api/agents/{id}/claims/{claimId} (the owner). */
export function useRemoveClaim(agentId: number) {
  const refresh = useRefreshClaims(agentId);
  return useMutation({
    mutationFn: (claimId: number) =>
      request<null>(`/api/agents/${agentId}/claims/${claimId}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Claim removed');
      return refresh();
    },
    onError: (error) => toast.error('The claim could not be removed', { description: error.message }),
  });
}
