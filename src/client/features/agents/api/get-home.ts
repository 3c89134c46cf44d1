import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeResponse } from '../../../../shared/api/agents.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

export function getHome(options: { verified: boolean }, signal?: AbortSignal): Promise<HomeResponse> {
  return request<HomeResponse>(
    withQuery('/api/home', { verified: options.verified }),
    signal ? { signal } : {},
  );
}

export function homeQueryOptions(verified: boolean) {
  return queryOptions({
    queryKey: queryKeys.agents.home(verified),
    queryFn: ({ signal }) => getHome({ verified }, signal),
  });
}

export function useHome(verified: boolean) {
  return useQuery(homeQueryOptions(verified));
}
