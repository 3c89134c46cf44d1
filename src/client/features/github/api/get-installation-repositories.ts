import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GithubRepositoryList } from '../../../../shared/api/github.js';
import { request } from '../../../lib/request.js';
import { GITHUB_INSTALLATIONS_KEY } from './get-installations.js';

export function installationRepositoriesQueryOptions(installationId: number) {
  return queryOptions({
    queryKey: [...GITHUB_INSTALLATIONS_KEY, installationId, 'repositories'] as const,
    queryFn: ({ signal }) =>
      request<GithubRepositoryList>(`/api/github/installations/${installationId}/repositories`, {
        signal,
      }),
  });
}

export function useInstallationRepositories(installationId: number | null) {
  return useQuery({
    ...installationRepositoriesQueryOptions(installationId ?? 0),
    enabled: installationId !== null,
  });
}
