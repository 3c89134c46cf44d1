import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import { AGENT_DETAIL_STALE_MS } from '../../../../shared/limits.js';
import { request } from '../../../lib/request.js';

export function getAgent(idOrSlug: string | number, signal?: AbortSignal): Promise<AgentDetail> {
  return request<AgentDetail>(`/api/agents/${encodeURIComponent(idOrSlug)}`, signal ? { signal } : {});
}

/** Spec section 9: agent detail stale time 10 minutes. */
export function agentQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['/api/agents', idOrSlug],
    queryFn: ({ signal }) => getAgent(idOrSlug, signal),
    staleTime: AGENT_DETAIL_STALE_MS,
  });
}

/** A failed prefetch (for example a 404 from the route loader) is shown as is instead of being fetched again. */
export function useAgent(idOrSlug: string) {
  return useQuery({ ...agentQueryOptions(idOrSlug), retryOnMount: false });
}
