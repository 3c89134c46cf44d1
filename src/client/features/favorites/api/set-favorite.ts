import { useIsMutating, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AgentSummary } from '../../../../shared/api/agents.js';
import type { Favorite, FavoriteList } from '../../../../shared/api/favorites.js';
import { shiftFavoritesCount } from '../../../lib/agent-cache.js';
import { toast } from '../../../lib/toast.js';
import { addFavorite } from './add-favorite.js';
import { favoriteCheckKey, type FavoriteCheck } from './check-favorite.js';
import { FAVORITES_KEY } from './get-favorites.js';
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
  const checkKey = favoriteCheckKey(agent.id);
  await Promise.all([
    queryClient.cancelQueries({ queryKey: FAVORITES_KEY, exact: true }),
    queryClient.cancelQueries({ queryKey: checkKey }),
  ]);
  const previousList = queryClient.getQueryData<FavoriteList>(FAVORITES_KEY);
  const previousCheck = queryClient.getQueryData<FavoriteCheck>(checkKey);

  queryClient.setQueryData<FavoriteCheck>(checkKey, {
    isFavorited: favorited,
    favoriteId: favorited ? (previousCheck?.favoriteId ?? null) : null,
  });
  if (previousList) {
    const others = previousList.favorites.filter((favorite) => favorite.agentId !== agent.id);
    queryClient.setQueryData<FavoriteList>(FAVORITES_KEY, {
      favorites: favorited ? [placeholderFavorite(agent), ...others] : others,
    });
  }
  const delta = favorited ? 1 : -1;
  shiftFavoritesCount(queryClient, agent.id, delta);

  try {
    if (favorited) {
      const favorite = await addFavorite(agent.id);
      queryClient.setQueryData<FavoriteCheck>(checkKey, { isFavorited: true, favoriteId: favorite.id });
      queryClient.setQueryData<FavoriteList>(FAVORITES_KEY, (list) =>
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
    if (previousList) queryClient.setQueryData(FAVORITES_KEY, previousList);
    queryClient.setQueryData<FavoriteCheck>(
      checkKey,
      previousCheck ?? { isFavorited: !favorited, favoriteId: null },
    );
    toast.error(favorited ? 'Failed to add favorite' : 'Failed to remove favorite', {
      description: error instanceof Error ? error.message : undefined,
    });
  }
}

const favoriteMutationKey = (agentId: number) => ['favorite', agentId] as const;

/** One toggle per agent at a time, shared by every heart of that agent. */
export function useSetFavorite(agent: AgentSummary) {
  const queryClient = useQueryClient();
  const pending = useIsMutating({ mutationKey: favoriteMutationKey(agent.id) }) > 0;
  const mutation = useMutation({
    mutationKey: favoriteMutationKey(agent.id),
    mutationFn: (favorited: boolean) => setFavorite(queryClient, agent, favorited),
  });
  return { setFavorite: mutation.mutate, pending };
}
