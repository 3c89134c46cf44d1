import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GithubStatus } from '../../../../shared/api/github.js';
import { request } from '../../../lib/request.js';

export const GITHUB_STATUS_KEY = ['/api/github/status'] as const;

export function getGithubStatus(signal?: AbortSignal): Promise<GithubStatus> {
  return request<GithubStatus>(GITHUB_STATUS_KEY[0], signal ? { signal } : {});
}

export const githubStatusQueryOptions = queryOptions({
  queryKey: GITHUB_STATUS_KEY,
  queryFn: ({ signal }) => getGithubStatus(signal),
});

export function useGithubStatus(enabled = true) {
  return useQuery({ ...githubStatusQueryOptions, enabled });
}
