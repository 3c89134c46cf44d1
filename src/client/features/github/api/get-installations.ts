import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GithubInstallationList } from '../../../../shared/api/github.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { isApiError, request } from '../../../lib/request.js';

/** Spec section 4: a 401 means "not authenticated" and reads as an empty list, never as an error. */
export async function getInstallations(signal?: AbortSignal): Promise<GithubInstallationList> {
  try {
    return await request<GithubInstallationList>('/api/github/installations', signal ? { signal } : {});
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { installations: [] };
    throw error;
  }
}

export const installationsQueryOptions = queryOptions({
  queryKey: queryKeys.github.installations(),
  queryFn: ({ signal }) => getInstallations(signal),
});

/**
 * Only asked once /api/github/status says the account is connected: asking before would answer 401,
 * which the browser logs as a failed request although nothing is wrong.
 */
export function useInstallations(enabled: boolean) {
  return useQuery({ ...installationsQueryOptions, enabled });
}
