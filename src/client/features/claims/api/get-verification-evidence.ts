import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationEvidence } from '../../../../shared/api/claims.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getVerificationEvidence(
  agentId: number,
  signal?: AbortSignal,
): Promise<VerificationEvidence> {
  return request<VerificationEvidence>(`/api/admin/agents/${agentId}/evidence`, signal ? { signal } : {});
}

export function verificationEvidenceQueryOptions(agentId: number) {
  return queryOptions({
    queryKey: queryKeys.admin.evidence(agentId),
    queryFn: ({ signal }) => getVerificationEvidence(agentId, signal),
    // The answer comes from GitHub at the time of asking: never reuse an old one for a decision.
    staleTime: 0,
  });
}

/** Loaded only when the admin opens the verification panel (it calls GitHub). */
export function useVerificationEvidence(agentId: number, enabled: boolean) {
  return useQuery({ ...verificationEvidenceQueryOptions(agentId), enabled });
}
