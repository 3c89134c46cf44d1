import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Favorite, FavoriteList } from '../../../../shared/api/favorites.js';
import { shiftFavoritesCount } from '../../../lib/agent-cache.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { toast } from '../../../lib/toast.js';
import type { FavoriteCheck } from './check-favorite.js';
import { removeFavorite } from './remove-favorite.js';
import { updateFavorite, type FavoriteChanges } from './update-favorite.js';

function replaceInList(list: FavoriteList | undefined, favorite: Favorite): FavoriteList | undefined {
  return list
    ? { favorites: list.favorites.map((item) => (item.id === favorite.id ? favorite : item)) }
    : list;
}

/** Tags and notes, shown at once and undone with "Failed to update favorite" when the call fails. */
export function useUpdateFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ favorite, changes }: { favorite: Favorite; changes: FavoriteChanges }) =>
      updateFavorite(favorite.id, changes),
    onMutate: async ({ favorite, changes }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.favorites.list(), exact: true });
      const previous = queryClient.getQueryData<FavoriteList>(queryKeys.favorites.list());
      queryClient.setQueryData<FavoriteList | undefined>(queryKeys.favorites.list(), (list) =>
        replaceInList(list, { ...favorite, ...changes }),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.favorites.list(), context.previous);
      toast.error('Failed to update favorite', { description: error.message });
    },
    onSuccess: (saved, { favorite }) => {
      // Keep the agent as the cache holds it: its counts may have been patched since the list loaded.
      queryClient.setQueryData<FavoriteList | undefined>(queryKeys.favorites.list(), (list) =>
        replaceInList(list, { ...saved, agent: favorite.agent }),
      );
    },
  });
}

/** Removing from the favorites page (by favorite id); "Failed to remove favorite" puts it back. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: Favorite) => removeFavorite(favorite.id),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.favorites.list(), exact: true });
      const previous = queryClient.getQueryData<FavoriteList>(queryKeys.favorites.list());
      const previousCheck = queryClient.getQueryData<FavoriteCheck>(
        queryKeys.favorites.check(favorite.agentId),
      );
      queryClient.setQueryData<FavoriteList | undefined>(queryKeys.favorites.list(), (list) =>
        list ? { favorites: list.favorites.filter((item) => item.id !== favorite.id) } : list,
      );
      queryClient.setQueryData<FavoriteCheck>(queryKeys.favorites.check(favorite.agentId), {
        isFavorited: false,
        favoriteId: null,
      });
      shiftFavoritesCount(queryClient, favorite.agentId, -1);
      return { previous, previousCheck };
    },
    onError: (error, favorite, context) => {
      shiftFavoritesCount(queryClient, favorite.agentId, 1);
      if (context?.previous) queryClient.setQueryData(queryKeys.favorites.list(), context.previous);
      if (context?.previousCheck) {
        queryClient.setQueryData(queryKeys.favorites.check(favorite.agentId), context.previousCheck);
      }
      toast.error('Failed to remove favorite', { description: error.message });
    },
    onSuccess: (_result, favorite) => {
      toast.success('Removed from favorites', { description: favorite.agent.name });
    },
  });
}
