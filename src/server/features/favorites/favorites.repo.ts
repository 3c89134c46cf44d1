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

    /** Adds the favorite; false when the person had it already. */
    async insert(userId: number, agentId: number, trx: Executor = k) {
      const result = await trx
        .insertInto('favorites')
        .values({
          user_id: userId,
          agent_id: agentId,
          tags: '[]',
          notes: null,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'agent_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async update(id: number, changes: { tags?: string; notes?: string | null }, trx: Executor = k) {
      // An UPDATE without a SET is a syntax error on both databases.
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('favorites').set(changes).where('id', '=', id).execute();
    },

    async delete(id: number, trx: Executor = k) {
      await trx.deleteFrom('favorites').where('id', '=', id).execute();
    },

    /** Moves the agent's favorites counter, and counts an addition in the day's trending activity. */
    async adjustAgentCount(agentId: number, delta: number, day: string, trx: Executor = k) {
      await trx
        .updateTable('agents')
        .set((eb) => ({ favorites_count: eb('favorites_count', '+', delta) }))
        .where('id', '=', agentId)
        .execute();
      if (delta > 0) {
        await trx
          .insertInto('agent_activity')
          .values({ agent_id: agentId, day, views: 0, favorites: delta })
          .onConflict((oc) =>
            oc
              .columns(['agent_id', 'day'])
              .doUpdateSet((eb) => ({ favorites: eb('agent_activity.favorites', '+', delta) })),
          )
          .execute();
      }
    },
  };
}

export type FavoritesRepo = ReturnType<typeof createFavoritesRepo>;
export type FavoriteRow = NonNullable<Awaited<ReturnType<FavoritesRepo['findOne']>>>;
