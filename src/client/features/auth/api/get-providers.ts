import { queryOptions, useQuery } from '@tanstack/react-query';

export interface AuthProviders {
  github: boolean;
  google: boolean;
}

/** GET /api/auth/providers (the default query function fetches the key's path). */
export const providersQueryOptions = queryOptions<AuthProviders>({ queryKey: ['/api/auth/providers'] });

export function useProviders() {
  return useQuery(providersQueryOptions);
}
