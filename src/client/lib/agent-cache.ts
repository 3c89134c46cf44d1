import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.js';

/** The cached answers that can hold agents (details, listings, home sections, favorites). */
const AGENT_HOLDING_KEYS = [queryKeys.agents.all(), queryKeys.agents.homeAll(), queryKeys.favorites.list()];

type AgentLike = { id: number; slug: string; favoritesCount: number };

function isAgentLike(value: object): value is AgentLike {
  return 'id' in value && 'slug' in value && 'favoritesCount' in value;
}

/** Returns `value` with every agent of that id replaced by `patch(agent)`; untouched branches keep identity. */
function patchDeep(
  value: unknown,
  agentId: number,
  patch: (agent: AgentLike) => AgentLike,
  depth = 0,
): unknown {
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item: unknown) => {
      const patched = patchDeep(item, agentId, patch, depth + 1);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : value;
  }
  if (isAgentLike(value) && value.id === agentId) return patch(value);
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const patched = patchDeep(child, agentId, patch, depth + 1);
    if (patched !== child) changed = true;
    next[key] = patched;
  }
  return changed ? next : value;
}

/**
 * Changes one agent wherever the cache holds it, so a favorite shows the same count on every card and page
 * without refetching them.
 */
export function patchCachedAgent(
  queryClient: QueryClient,
  agentId: number,
  patch: (agent: AgentLike) => AgentLike,
): void {
  for (const queryKey of AGENT_HOLDING_KEYS) {
    for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
      if (data === undefined) continue;
      const next = patchDeep(data, agentId, patch);
      if (next !== data) queryClient.setQueryData(key, next);
    }
  }
}

/** Adds `delta` to an agent's favorites count everywhere it is cached. */
export function shiftFavoritesCount(queryClient: QueryClient, agentId: number, delta: number): void {
  patchCachedAgent(queryClient, agentId, (agent) => ({
    ...agent,
    favoritesCount: Math.max(0, agent.favoritesCount + delta),
  }));
}
