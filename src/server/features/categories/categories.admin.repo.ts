import type { Executor } from '../../db/database.js';
import type { CategoriesTable } from '../../db/schema.js';

/** Categories in position order, with how many agents of any status each holds. */
export async function findAdminCategories(executor: Executor) {
  return executor
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
}

export type AdminCategoryRow = Awaited<ReturnType<typeof findAdminCategories>>[number];

export async function findAdminCategory(executor: Executor, id: number) {
  return (await findAdminCategories(executor)).find((row) => row.id === id) ?? null;
}

export async function findCategoryById(executor: Executor, id: number) {
  return (
    (await executor.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

export async function findCategoryBySlug(executor: Executor, slug: string) {
  return (
    (await executor.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null
  );
}

/** Another category with this slug or (case-insensitively) this name. */
export async function findClash(
  executor: Executor,
  options: { slug?: string; name?: string; exceptId?: number },
) {
  let query = executor.selectFrom('categories').select(['id', 'slug', 'name']);
  if (options.exceptId !== undefined) query = query.where('id', '!=', options.exceptId);
  const rows = await query.execute();
  const name = options.name?.toLowerCase();
  return (
    rows.find(
      (row) => row.slug === options.slug || (name !== undefined && row.name.toLowerCase() === name),
    ) ?? null
  );
}

export async function nextPosition(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom('categories')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function insertCategory(
  executor: Executor,
  values: Pick<CategoriesTable, 'slug' | 'name' | 'description' | 'icon' | 'position' | 'created_at'>,
): Promise<number> {
  const row = await executor
    .insertInto('categories')
    .values({ ...values, agent_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(
  executor: Executor,
  id: number,
  values: Partial<Pick<CategoriesTable, 'name' | 'description' | 'icon' | 'position'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await executor.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function findAllIds(executor: Executor): Promise<number[]> {
  return (await executor.selectFrom('categories').select('id').execute()).map((row) => row.id);
}

/** Moves every agent of one category to another, keeping the published counters right. */
export async function moveAgents(executor: Executor, fromId: number, toId: number): Promise<void> {
  await executor.updateTable('agents').set({ category_id: toId }).where('category_id', '=', fromId).execute();
  await recountPublished(executor, toId);
}

export async function recountPublished(executor: Executor, id: number): Promise<void> {
  await executor
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

export async function deleteCategory(executor: Executor, id: number): Promise<void> {
  await executor.deleteFrom('categories').where('id', '=', id).execute();
}
