import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

export interface FavoriteCheck {
  isFavorited: boolean;
  favoriteId: number | null;
}

export const favoriteCheckKey = (agentId: number) => ['/api/favorites/check', agentId] as const;

export function checkFavorite(agentId: number, signal?: AbortSignal): Promise<FavoriteCheck> {
  return request<FavoriteCheck>(`/api/favorites/check/${agentId}`, signal ? { signal } : {});
}

export function favoriteCheckQueryOptions(agentId: number) {
  return queryOptions({
    queryKey: favoriteCheckKey(agentId),
    queryFn: ({ signal }) => checkFavorite(agentId, signal),
  });
}

/** Spec section 6: only asked while someone is signed in. */
export function useFavoriteCheck(agentId: number, enabled: boolean) {
  return useQuery({ ...favoriteCheckQueryOptions(agentId), enabled });
}
