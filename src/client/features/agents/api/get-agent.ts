import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import { AGENT_DETAIL_STALE_MS } from '../../../../shared/limits.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { responseSchemas } from '../../../lib/response-schemas.js';

/** The answer is checked: the page, the review and favorite actions all read from it. */
export function getAgent(idOrSlug: string | number, signal?: AbortSignal): Promise<AgentDetail> {
  return request<AgentDetail>(`/api/agents/${encodeURIComponent(idOrSlug)}`, {
    schema: responseSchemas.agentDetail,
    ...(signal ? { signal } : {}),
  });
}

/** Spec section 9: agent detail stale time 10 minutes. */
export function agentQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.agents.detail(idOrSlug),
    queryFn: ({ signal }) => getAgent(idOrSlug, signal),
    staleTime: AGENT_DETAIL_STALE_MS,
  });
}

/** A failed prefetch (for example a 404 from the route loader) is shown as is instead of being fetched again. */
export function useAgent(idOrSlug: string) {
  return useQuery({ ...agentQueryOptions(idOrSlug), retryOnMount: false });
}
