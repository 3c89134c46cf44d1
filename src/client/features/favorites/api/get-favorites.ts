import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteList } from '../../../../shared/api/favorites.js';
import { request } from '../../../lib/request.js';

export const FAVORITES_KEY = ['/api/favorites'] as const;

export function getFavorites(signal?: AbortSignal): Promise<FavoriteList> {
  return request<FavoriteList>(FAVORITES_KEY[0], signal ? { signal } : {});
}

export const favoritesQueryOptions = queryOptions({
  queryKey: FAVORITES_KEY,
  queryFn: ({ signal }) => getFavorites(signal),
});

/** Spec section 6: favorites calls are enabled only when a user exists. */
export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQueryOptions, enabled });
}
