import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GithubStatus } from '../../../../shared/api/github.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getGithubStatus(signal?: AbortSignal): Promise<GithubStatus> {
  return request<GithubStatus>('/api/github/status', signal ? { signal } : {});
}

export const githubStatusQueryOptions = queryOptions({
  queryKey: queryKeys.github.status(),
  queryFn: ({ signal }) => getGithubStatus(signal),
});

export function useGithubStatus(enabled = true) {
  return useQuery({ ...githubStatusQueryOptions, enabled });
}
