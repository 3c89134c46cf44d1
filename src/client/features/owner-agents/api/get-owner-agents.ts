import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerAgentList } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';

/** The list key; the per-agent keys below start with it, so invalidating it refreshes them too. */
export const OWNER_AGENTS_KEY = ['/api/user/agents'] as const;

export function getOwnerAgents(signal?: AbortSignal): Promise<OwnerAgentList> {
  return request<OwnerAgentList>(OWNER_AGENTS_KEY[0], signal ? { signal } : {});
}

export const ownerAgentsQueryOptions = queryOptions({
  queryKey: OWNER_AGENTS_KEY,
  queryFn: ({ signal }) => getOwnerAgents(signal),
});

/**
 * The signed-in owner's agents in every status (pending, published, rejected). Admins change the
 * statuses elsewhere, so the list is asked for again each time the page opens.
 */
export function useOwnerAgents() {
  return useQuery({ ...ownerAgentsQueryOptions, staleTime: 0 });
}
