import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

/** Spec section 3: agent count response. */
export interface UserAgentsCount {
  count: number;
  hasAgents: boolean;
}

export function getUserAgentsCount(signal?: AbortSignal): Promise<UserAgentsCount> {
  return request<UserAgentsCount>('/api/user/agents/count', signal ? { signal } : {});
}

export const userAgentsCountQueryOptions = queryOptions({
  queryKey: ['/api/user/agents/count'],
  queryFn: ({ signal }) => getUserAgentsCount(signal),
});

export function useUserAgentsCount(enabled: boolean) {
  return useQuery({ ...userAgentsCountQueryOptions, enabled });
}
