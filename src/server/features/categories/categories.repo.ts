import type { Db, Executor } from '../../db/database.js';
import type { CategoriesTable } from '../../db/schema.js';
import { preparedQuery } from '../../db/prepared-query.js';

export function createCategoriesRepo(db: Db) {
  const k = db.kysely;
  const categoryBySlug = preparedQuery(k, (_: null, values: { slug: string }) =>
    k.selectFrom('categories').selectAll().where('slug', '=', values.slug),
  );

  /** Categories in position order, with how many agents of any status each holds. */
  const withTotals = (trx: Executor) =>
    trx
      .selectFrom('categories')
      .select((eb) => [
        'categories.id',
        'categories.slug',
        'categories.name',
        'categories.description',
        'categories.icon',
        'categories.position',
        'categories.agent_count',
        eb
          .selectFrom('agents')
          .select((inner) => inner.fn.countAll<number>().as('total'))
          .whereRef('agents.category_id', '=', 'categories.id')
          .as('total_agents'),
      ])
      .orderBy('categories.position')
      .orderBy('categories.name')
      .execute();

  /** Recounts the published agents of one category from the agents table. */
  async function recountPublished(id: number, trx: Executor = k): Promise<void> {
    await trx
      .updateTable('categories')
      .set((eb) => ({
        agent_count: eb
          .selectFrom('agents')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .where('agents.category_id', '=', id)
          .where('agents.status', '=', 'published'),
      }))
      .where('id', '=', id)
      .execute();
  }

  return {
    async findAll(trx: Executor = k) {
      return trx.selectFrom('categories').selectAll().orderBy('position').orderBy('name').execute();
    },

    async findById(id: number, trx: Executor = k) {
      return (await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async findBySlug(slug: string, trx: Executor = k) {
      if (trx === k) return (await categoryBySlug.execute(null, { slug }))[0] ?? null;
      return (
        (await trx.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null
      );
    },

    /** Every category in position order with its total number of agents of any status (admin). */
    async findAllWithTotals(trx: Executor = k) {
      return withTotals(trx);
    },

    async findWithTotals(id: number, trx: Executor = k) {
      return (await withTotals(trx)).find((row) => row.id === id) ?? null;
    },

    /** Another category with this slug or (case-insensitively) this name. */
    async findClash(options: { slug?: string; name?: string; exceptId?: number }, trx: Executor = k) {
      let query = trx.selectFrom('categories').select(['id', 'slug', 'name']);
      if (options.exceptId !== undefined) query = query.where('id', '!=', options.exceptId);
      const rows = await query.execute();
      const name = options.name?.toLowerCase();
      return (
        rows.find(
          (row) => row.slug === options.slug || (name !== undefined && row.name.toLowerCase() === name),
        ) ?? null
      );
    },

    async nextPosition(trx: Executor = k): Promise<number> {
      const row = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },

    async insert(
      values: Pick<CategoriesTable, 'slug' | 'name' | 'description' | 'icon' | 'position' | 'created_at'>,
      trx: Executor = k,
    ): Promise<number> {
      const row = await trx
        .insertInto('categories')
        .values({ ...values, agent_count: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      id: number,
      values: Partial<Pick<CategoriesTable, 'name' | 'description' | 'icon' | 'position'>>,
      trx: Executor = k,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await trx.updateTable('categories').set(values).where('id', '=', id).execute();
    },

    async findAllIds(trx: Executor = k): Promise<number[]> {
      return (await trx.selectFrom('categories').select('id').execute()).map((row) => row.id);
    },

    /** Moves every agent of one category to another, keeping the published counters right. */
    async moveAgents(fromId: number, toId: number, trx: Executor = k): Promise<void> {
      await trx.updateTable('agents').set({ category_id: toId }).where('category_id', '=', fromId).execute();
      await recountPublished(toId, trx);
    },

    recountPublished,

    /**
     * Keeps the published-agent counter of a category in step with a status change: +1 when an agent
     * of the category is published, -1 when a published one leaves it (or the category).
     */
    async adjustAgentCount(categoryId: number, delta: number, trx: Executor = k): Promise<void> {
      await trx
        .updateTable('categories')
        .set((eb) => ({ agent_count: eb('agent_count', '+', delta) }))
        .where('id', '=', categoryId)
        .execute();
    },

    async delete(id: number, trx: Executor = k): Promise<void> {
      await trx.deleteFrom('categories').where('id', '=', id).execute();
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
export type CategoryWithTotalsRow = Awaited<ReturnType<CategoriesRepo['findAllWithTotals']>>[number];
