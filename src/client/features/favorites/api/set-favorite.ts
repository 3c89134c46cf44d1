import { useIsMutating, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AgentSummary } from '../../../../shared/api/agents.js';
import type { Favorite, FavoriteList } from '../../../../shared/api/favorites.js';
import { shiftFavoritesCount } from '../../../lib/agent-cache.js';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.js';
import { toast } from '../../../lib/toast.js';
import { addFavorite } from './add-favorite.js';
import type { FavoriteCheck } from './check-favorite.js';
import { removeFavoriteByAgent } from './remove-favorite.js';

/** Stands in for the new favorite until the server answers with its id. */
function placeholderFavorite(agent: AgentSummary): Favorite {
  return {
    id: -agent.id,
    agentId: agent.id,
    agent,
    tags: [],
    notes: null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * Favorites or unfavorites an agent optimistically: the heart and the count change at once on every card and
 * page, and go back with the spec's toast ("Failed to add favorite" / "Failed to remove favorite") on failure.
 */
export async function setFavorite(queryClient: QueryClient, agent: AgentSummary, favorited: boolean) {
  const checkKey = queryKeys.favorites.check(agent.id);
  await Promise.all([
    queryClient.cancelQueries({ queryKey: queryKeys.favorites.list(), exact: true }),
    queryClient.cancelQueries({ queryKey: checkKey }),
  ]);
  const previousList = queryClient.getQueryData<FavoriteList>(queryKeys.favorites.list());
  const previousCheck = queryClient.getQueryData<FavoriteCheck>(checkKey);

  queryClient.setQueryData<FavoriteCheck>(checkKey, {
    isFavorited: favorited,
    favoriteId: favorited ? (previousCheck?.favoriteId ?? null) : null,
  });
  if (previousList) {
    const others = previousList.favorites.filter((favorite) => favorite.agentId !== agent.id);
    queryClient.setQueryData<FavoriteList>(queryKeys.favorites.list(), {
      favorites: favorited ? [placeholderFavorite(agent), ...others] : others,
    });
  }
  const delta = favorited ? 1 : -1;
  shiftFavoritesCount(queryClient, agent.id, delta);

  try {
    if (favorited) {
      const favorite = await addFavorite(agent.id);
      queryClient.setQueryData<FavoriteCheck>(checkKey, { isFavorited: true, favoriteId: favorite.id });
      queryClient.setQueryData<FavoriteList>(queryKeys.favorites.list(), (list) =>
        list
          ? {
              favorites: list.favorites.map((item) =>
                item.agentId === agent.id ? { ...favorite, agent: item.agent } : item,
              ),
            }
          : list,
      );
    } else {
      await removeFavoriteByAgent(agent.id);
    }
  } catch (error) {
    // Undo the count first, then restore the list as it was (its counts are the original ones).
    shiftFavoritesCount(queryClient, agent.id, -delta);
    if (previousList) queryClient.setQueryData(queryKeys.favorites.list(), previousList);
    queryClient.setQueryData<FavoriteCheck>(
      checkKey,
      previousCheck ?? { isFavorited: !favorited, favoriteId: null },
    );
    toast.error(favorited ? 'Failed to add favorite' : 'Failed to remove favorite', {
      description: error instanceof Error ? error.message : undefined,
    });
  }
}

/** One toggle per agent at a time, shared by every heart of that agent. */
export function useSetFavorite(agent: AgentSummary) {
  const queryClient = useQueryClient();
  const pending = useIsMutating({ mutationKey: mutationKeys.favorite(agent.id) }) > 0;
  const mutation = useMutation({
    mutationKey: mutationKeys.favorite(agent.id),
    mutationFn: (favorited: boolean) => setFavorite(queryClient, agent, favorited),
  });
  return { setFavorite: mutation.mutate, pending };
}
