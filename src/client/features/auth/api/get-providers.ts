import { queryOptions } from '@tanstack/react-query';
import type { AuthProviders } from '../../../../shared/api/auth.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/** GET /api/auth/providers: which sign-in providers this server offers. */
export function getProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return request<AuthProviders>('/api/auth/providers', signal ? { signal } : {});
}

export const providersQueryOptions = queryOptions({
  queryKey: queryKeys.auth.providers(),
  queryFn: ({ signal }) => getProviders(signal),
});
