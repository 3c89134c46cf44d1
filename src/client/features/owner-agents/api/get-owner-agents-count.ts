import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerAgentCount } from '../../../../shared/api/owner-agents.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/** GET /api/user/agents/count: drives the avatar menu's owner entries. */
export function getOwnerAgentsCount(signal?: AbortSignal): Promise<OwnerAgentCount> {
  return request<OwnerAgentCount>('/api/user/agents/count', signal ? { signal } : {});
}

export const ownerAgentsCountQueryOptions = queryOptions({
  queryKey: queryKeys.ownerAgents.count(),
  queryFn: ({ signal }) => getOwnerAgentsCount(signal),
});

export function useOwnerAgentsCount(enabled: boolean) {
  return useQuery({ ...ownerAgentsCountQueryOptions, enabled });
}
