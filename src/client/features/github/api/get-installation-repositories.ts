import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GithubRepositoryList } from '../../../../shared/api/github.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function installationRepositoriesQueryOptions(installationId: number) {
  return queryOptions({
    queryKey: queryKeys.github.repositories(installationId),
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
