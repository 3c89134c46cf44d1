import type { Db, Executor } from '../../db/database.js';

export function createCategoriesRepo(db: Db) {
  const k = db.kysely;
  return {
    async findAll() {
      return k.selectFrom('categories').selectAll().orderBy('position').orderBy('name').execute();
    },

    async findBySlug(slug: string) {
      return (
        (await k.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null
      );
    },

    /** Keeps the published-agent counter of a category in step with a status change. */
    async adjustAgentCount(executor: Executor, categoryId: number, delta: number) {
      await executor
        .updateTable('categories')
        .set((eb) => ({ agent_count: eb('agent_count', '+', delta) }))
        .where('id', '=', categoryId)
        .execute();
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
