import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentListResponse } from '../../../../shared/api/agents.js';
import { request, withQuery } from '../../../lib/request.js';
import type { AgentListFilters } from '../../../paths.js';

export interface AgentListParams extends AgentListFilters {
  limit?: number;
}

function normalize(params: AgentListParams) {
  return {
    q: params.q?.trim() || undefined,
    category: params.category || undefined,
    verified: params.verified ? true : undefined,
    pricing: params.pricing || undefined,
    sort: params.sort || undefined,
    page: params.page && params.page > 1 ? params.page : undefined,
    limit: params.limit,
  };
}

export function getAgents(params: AgentListParams, signal?: AbortSignal): Promise<AgentListResponse> {
  return request<AgentListResponse>(withQuery('/api/agents', normalize(params)), signal ? { signal } : {});
}

export function agentsQueryOptions(params: AgentListParams) {
  return queryOptions({
    queryKey: ['/api/agents', normalize(params)],
    queryFn: ({ signal }) => getAgents(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useAgents(params: AgentListParams) {
  return useQuery({ ...agentsQueryOptions(params), placeholderData: keepPreviousData });
}
