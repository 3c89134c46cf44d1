import type { AgentTrust } from '../../../shared/api/agents.js';
import type { Favorite, UpdateFavorite } from '../../../shared/api/favorites.js';
import type { Db } from '../../db/database.js';
import { readTags } from '../../db/json-columns.js';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso, utcDay } from '../../lib/time.js';
import { trendingDayWeights } from '../../../shared/rules/trending.js';
import { presentAgentSummary } from '../agents/agents.presenter.js';
import { findPublishedAgentOr404, findTrust, type AgentsServiceDeps } from '../agents/agents.service.js';
import { presentNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import { publicDisplayName } from '../users/public-name.js';
import type { FavoriteRow, FavoritesRepo } from './favorites.repo.js';
import { paths } from '../../../shared/routes.js';

export interface FavoritesDeps {
  db: Db;
  favorites: FavoritesRepo;
  agents: AgentsServiceDeps;
  notifications: NotificationsDeps;
  cache: ResponseCache;
}

async function presentFavorites(deps: FavoritesDeps, rows: readonly FavoriteRow[]): Promise<Favorite[]> {
  const trustOf = await findTrust(deps.agents, [...new Set(rows.map((row) => row.agent_id))]);
  return rows.map((row) => presentFavorite(row, trustOf(row.agent_id)));
}

function presentFavorite(row: FavoriteRow, trust: AgentTrust): Favorite {
  return {
    id: row.favorite_id,
    agentId: row.agent_id,
    agent: presentAgentSummary(row, trust),
    tags: readTags(row.favorite_tags),
    notes: row.notes,
    createdAt: row.favorited_at,
  };
}

export async function listFavorites(deps: FavoritesDeps, userId: number) {
  return { favorites: await presentFavorites(deps, await deps.favorites.findAllForUser(userId)) };
}

export async function checkFavorite(deps: FavoritesDeps, userId: number, agentId: number) {
  const row = await deps.favorites.findOne({ userId, agentId });
  return { isFavorited: row !== null, favoriteId: row?.favorite_id ?? null };
}

/**
 * Adds a favorite (adding it again is harmless) and tells the agent's owner. The count, the day's
 * activity, the trending score it feeds and the notification move in one commit (one statement on
 * PostgreSQL); the agent and its trust are read side by side before it.
 */
export async function addFavorite(deps: FavoritesDeps, user: UserRow, agentId: number) {
  const [agent, trustOf] = await Promise.all([
    findPublishedAgentOr404(deps.agents, agentId),
    findTrust(deps.agents, [agentId]),
  ]);
  const now = nowIso();
  const added = await deps.favorites.add({
    userId: user.id,
    agentId,
    now,
    trendingDays: trendingDayWeights(utcDay(Date.parse(now))),
    notification:
      agent.owner_id !== null && agent.owner_id !== user.id
        ? {
            user_id: agent.owner_id,
            type: 'favorite',
            title: `${agent.name} was favorited`,
            message: `${publicDisplayName(user)} added ${agent.name} to their favorites.`,
            link: paths.agent.href(agent.slug),
          }
        : null,
  });
  if (!added) {
    const existing = (await deps.favorites.findOne({ userId: user.id, agentId }))!;
    return { favorite: presentFavorite(existing, trustOf(agentId)), created: false };
  }
  const { notification, ...favorite } = added;
  if (notification && agent.owner_id !== null)
    deps.notifications.publish(agent.owner_id, [presentNotification(notification)]);
  deps.cache.touch(countersOf(agentId));
  const row: FavoriteRow = { ...agent, ...favorite, agent_id: agentId };
  return { favorite: presentFavorite(row, trustOf(agentId)), created: true };
}

/**
 * A favorite moves a counter shown on the agent's page and on the listing cards showing it: those
 * answers settle within a second, and no other listing moves (docs/decisions/0014).
 */
function countersOf(agentId: number) {
  return [cacheTags.agent(agentId), cacheTags.listed(agentId)];
}

export async function updateFavorite(
  deps: FavoritesDeps,
  userId: number,
  id: number,
  changes: UpdateFavorite,
) {
  const existing = await deps.favorites.findOne({ userId, id });
  if (!existing) throw notFound('Favorite not found');
  await deps.favorites.update(id, {
    ...(changes.tags !== undefined ? { tags: JSON.stringify(changes.tags) } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes || null } : {}),
  });
  const [presented] = await presentFavorites(deps, [(await deps.favorites.findOne({ userId, id }))!]);
  return presented!;
}

/** Removes a favorite found by its id or its agent; someone else's answers 404 like a missing one. */
export async function removeFavorite(
  deps: FavoritesDeps,
  userId: number,
  where: { id: number } | { agentId: number },
) {
  const agentId = await deps.favorites.remove(userId, where);
  if (agentId === null) throw notFound('Favorite not found');
  deps.cache.touch(countersOf(agentId));
}
