import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentListResponse } from '../../../../shared/api/agents.js';
import {
  agentListQuery,
  agentListRequestPath,
  type AgentListFilters,
} from '../../../../shared/agent-list-filters.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export interface AgentListParams extends AgentListFilters {
  limit?: number;
}

export function getAgents(params: AgentListParams, signal?: AbortSignal): Promise<AgentListResponse> {
  return request<AgentListResponse>(agentListRequestPath(params, params.limit), signal ? { signal } : {});
}

export function agentsQueryOptions(params: AgentListParams) {
  return queryOptions({
    queryKey: queryKeys.agents.list(agentListQuery(params, params.limit)),
    queryFn: ({ signal }) => getAgents(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useAgents(params: AgentListParams) {
  return useQuery({ ...agentsQueryOptions(params), placeholderData: keepPreviousData });
}
