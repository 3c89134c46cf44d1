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
  const withAgent = (executor: Executor) =>
    executor
      .selectFrom('favorites')
      .innerJoin('agents', 'agents.id', 'favorites.agent_id')
      .innerJoin('categories', 'categories.id', 'agents.category_id')
      .select(columns);

  return {
    async findAllForUser(userId: number) {
      return withAgent(k)
        .where('favorites.user_id', '=', userId)
        .orderBy('favorites.created_at', 'desc')
        .orderBy('favorites.id', 'desc')
        .execute();
    },

    async findOne(executor: Executor, where: { userId: number; id?: number; agentId?: number }) {
      let query = withAgent(executor).where('favorites.user_id', '=', where.userId);
      if (where.id !== undefined) query = query.where('favorites.id', '=', where.id);
      if (where.agentId !== undefined) query = query.where('favorites.agent_id', '=', where.agentId);
      return (await query.executeTakeFirst()) ?? null;
    },

    async insert(executor: Executor, userId: number, agentId: number) {
      const result = await executor
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

    async update(executor: Executor, id: number, changes: { tags?: string; notes?: string | null }) {
      await executor.updateTable('favorites').set(changes).where('id', '=', id).execute();
    },

    async delete(executor: Executor, id: number) {
      await executor.deleteFrom('favorites').where('id', '=', id).execute();
    },

    async adjustAgentCount(executor: Executor, agentId: number, delta: number, day: string) {
      await executor
        .updateTable('agents')
        .set((eb) => ({ favorites_count: eb('favorites_count', '+', delta) }))
        .where('id', '=', agentId)
        .execute();
      if (delta > 0) {
        await executor
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
