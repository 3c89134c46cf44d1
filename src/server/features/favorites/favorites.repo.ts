import type { Db, Executor } from '../../db/database.js';
import { agentSummaryColumns } from '../agents/agents.repo.js';

const columns = [
  'favorites.id as favorite_id',
  'favorites.agent_id',
  'favorites.tags as favorite_tags',
  'favorites.notes',
  'favorites.created_at as favorited_at',
  ...agentSummaryColumns,
] as const;

export function createFavoritesRepo(db: Db) {
  const k = db.kysely;
  const withAgent = (trx: Executor) =>
    trx
      .selectFrom('favorites')
      .innerJoin('agents', 'agents.id', 'favorites.agent_id')
      .innerJoin('categories', 'categories.id', 'agents.category_id')
      .select(columns);

  return {
    async findAllForUser(userId: number, trx: Executor = k) {
      return withAgent(trx)
        .where('favorites.user_id', '=', userId)
        .orderBy('favorites.created_at', 'desc')
        .orderBy('favorites.id', 'desc')
        .execute();
    },

    async findOne(where: { userId: number; id?: number; agentId?: number }, trx: Executor = k) {
      let query = withAgent(trx).where('favorites.user_id', '=', where.userId);
      if (where.id !== undefined) query = query.where('favorites.id', '=', where.id);
      if (where.agentId !== undefined) query = query.where('favorites.agent_id', '=', where.agentId);
      return (await query.executeTakeFirst()) ?? null;
    },

    /** Adds the favorite and answers its row; null when the person had it already. */
    async insert(userId: number, agentId: number, trx: Executor = k) {
      const row = await trx
        .insertInto('favorites')
        .values({
          user_id: userId,
          agent_id: agentId,
          tags: '[]',
          notes: null,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'agent_id']).doNothing())
        .returning(['id as favorite_id', 'tags as favorite_tags', 'notes', 'created_at as favorited_at'])
        .executeTakeFirst();
      return row ?? null;
    },

    async update(id: number, changes: { tags?: string; notes?: string | null }, trx: Executor = k) {
      // An UPDATE without a SET is a syntax error on both databases.
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('favorites').set(changes).where('id', '=', id).execute();
    },

    /** Removes the person's favorite found by its id or its agent; answers its agent, or null when there was none. */
    async deleteOne(userId: number, where: { id: number } | { agentId: number }, trx: Executor = k) {
      let query = trx.deleteFrom('favorites').where('user_id', '=', userId);
      query = 'id' in where ? query.where('id', '=', where.id) : query.where('agent_id', '=', where.agentId);
      const row = await query.returning('agent_id').executeTakeFirst();
      return row?.agent_id ?? null;
    },

    /**
     * Counts a new favorite in the day's trending activity. It is written before the agent's row, as
     * the view flush writes them, so two writers never wait on each other in opposite orders.
     */
    async countInActivity(agentId: number, day: string, trx: Executor = k): Promise<void> {
      await trx
        .insertInto('agent_activity')
        .values({ agent_id: agentId, day, views: 0, favorites: 1 })
        .onConflict((oc) =>
          oc
            .columns(['agent_id', 'day'])
            .doUpdateSet((eb) => ({ favorites: eb('agent_activity.favorites', '+', 1) })),
        )
        .execute();
    },

    /**
     * Moves the agent's favorites total (and, for an addition, sets the trending score its activity
     * now gives) in one statement; answers the new total.
     */
    async moveAgentCount(
      agentId: number,
      change: { delta: 1; trendingScore: number } | { delta: -1 },
      trx: Executor = k,
    ): Promise<number> {
      const row = await trx
        .updateTable('agents')
        .set((eb) => ({
          favorites_count: eb('favorites_count', '+', change.delta),
          ...('trendingScore' in change ? { trending_score: change.trendingScore } : {}),
        }))
        .where('id', '=', agentId)
        .returning('favorites_count')
        .executeTakeFirstOrThrow();
      return row.favorites_count;
    },
  };
}

export type FavoritesRepo = ReturnType<typeof createFavoritesRepo>;
export type FavoriteRow = NonNullable<Awaited<ReturnType<FavoritesRepo['findOne']>>>;
