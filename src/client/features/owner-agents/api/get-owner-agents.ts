import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerAgentList } from '../../../../shared/api/owner-agents.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getOwnerAgents(signal?: AbortSignal): Promise<OwnerAgentList> {
  return request<OwnerAgentList>('/api/user/agents', signal ? { signal } : {});
}

export const ownerAgentsQueryOptions = queryOptions({
  queryKey: queryKeys.ownerAgents.list(),
  queryFn: ({ signal }) => getOwnerAgents(signal),
});

/**
 * The signed-in owner's agents in every status (pending, published, rejected). Admins change the
 * statuses elsewhere, so the list is asked for again each time the page opens.
 */
export function useOwnerAgents() {
  return useQuery({ ...ownerAgentsQueryOptions, staleTime: 0 });
}
