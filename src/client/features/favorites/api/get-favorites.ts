import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteList } from '../../../../shared/api/favorites.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getFavorites(signal?: AbortSignal): Promise<FavoriteList> {
  return request<FavoriteList>('/api/favorites', signal ? { signal } : {});
}

export const favoritesQueryOptions = queryOptions({
  queryKey: queryKeys.favorites.list(),
  queryFn: ({ signal }) => getFavorites(signal),
});

/** Spec section 6: favorites calls are enabled only when a user exists. */
export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQueryOptions, enabled });
}
