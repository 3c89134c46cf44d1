import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

/** Spec section 3: Favorite. The shared API has no favorites schema yet. */
export interface Favorite {
  id: number;
  agentId: number;
  agent: { name: string; slug?: string };
  createdAt: string;
  tags?: string[];
  notes?: string | null;
}

export interface FavoritesResponse {
  favorites: Favorite[];
}

export function getFavorites(signal?: AbortSignal): Promise<FavoritesResponse> {
  return request<FavoritesResponse>('/api/favorites', signal ? { signal } : {});
}

export const favoritesQueryOptions = queryOptions({
  queryKey: ['/api/favorites'],
  queryFn: ({ signal }) => getFavorites(signal),
});

/** Spec section 6: favorites calls are enabled only when a user exists. */
export function useFavorites(enabled: boolean) {
  return useQuery({ ...favoritesQueryOptions, enabled });
}
