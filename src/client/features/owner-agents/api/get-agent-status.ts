import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentStatusResponse } from '../../../../shared/api/owner-agents.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getAgentStatus(id: number, signal?: AbortSignal): Promise<AgentStatusResponse> {
  return request<AgentStatusResponse>(`/api/agents/${id}/status`, signal ? { signal } : {});
}

export function agentStatusQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.ownerAgents.status(id),
    queryFn: ({ signal }) => getAgentStatus(id, signal),
  });
}

/**
 * The submission's status and timeline. Moderation happens elsewhere, so the page asks again when it
 * is opened rather than trusting a cached answer (the app's queries are otherwise never stale).
 */
export function useAgentStatus(id: number | null) {
  return useQuery({ ...agentStatusQueryOptions(id ?? 0), staleTime: 0, enabled: id !== null });
}
