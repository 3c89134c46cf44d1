import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { favoriteCheckSchema } from '../../../../shared/api/favorites.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export type FavoriteCheck = z.infer<typeof favoriteCheckSchema>;

export function checkFavorite(agentId: number, signal?: AbortSignal): Promise<FavoriteCheck> {
  return request<FavoriteCheck>(`/api/favorites/check/${agentId}`, signal ? { signal } : {});
}

export function favoriteCheckQueryOptions(agentId: number) {
  return queryOptions({
    queryKey: queryKeys.favorites.check(agentId),
    queryFn: ({ signal }) => checkFavorite(agentId, signal),
  });
}

/** Spec section 6: only asked while someone is signed in. */
export function useFavoriteCheck(agentId: number, enabled: boolean) {
  return useQuery({ ...favoriteCheckQueryOptions(agentId), enabled });
}
