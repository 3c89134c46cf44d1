import type {
  AdminCategory,
  AdminCategoryList,
  CreateCategory,
  UpdateCategory,
} from '../../../shared/api/admin.js';
import type { Db } from '../../db/database.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import { slugify } from '../submissions/agent-fields.js';
import {
  deleteCategory as deleteCategoryRow,
  findAdminCategories,
  findAdminCategory,
  findAllIds,
  findCategoryById,
  findCategoryBySlug,
  findClash,
  insertCategory,
  moveAgents,
  nextPosition,
  updateCategory as updateCategoryRow,
  type AdminCategoryRow,
} from './categories.admin.repo.js';

export interface CategoriesAdminDeps {
  db: Db;
  /** Public /api/categories, /api/filters and the home page are cached. */
  cache: ResponseCache;
}

function presentAdminCategory(row: AdminCategoryRow): AdminCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    position: row.position,
    agentCount: row.agent_count,
    totalAgents: Number(row.total_agents ?? 0),
  };
}

function clashMessage(clash: { slug: string; name: string }, wanted: { slug?: string; name?: string }) {
  return clash.slug === wanted.slug
    ? `A category with the slug “${clash.slug}” already exists.`
    : `A category named “${clash.name}” already exists.`;
}

export async function listAdminCategories(deps: CategoriesAdminDeps): Promise<AdminCategoryList> {
  return { categories: (await findAdminCategories(deps.db.kysely)).map(presentAdminCategory) };
}

/** A new category, last in the order; its slug comes from the name unless one is given. */
export async function createCategory(
  deps: CategoriesAdminDeps,
  input: Required<Pick<CreateCategory, 'name' | 'description' | 'icon'>> & { slug?: string },
): Promise<AdminCategory> {
  const slug = input.slug ?? slugify(input.name, 'category');
  const created = await deps.db.kysely.transaction().execute(async (trx) => {
    const clash = await findClash(trx, { slug, name: input.name });
    if (clash) throw conflict(clashMessage(clash, { slug, name: input.name }));
    const id = await insertCategory(trx, {
      slug,
      name: input.name,
      description: input.description,
      icon: input.icon,
      position: await nextPosition(trx),
      created_at: nowIso(),
    });
    return (await findAdminCategory(trx, id))!;
  });
  deps.cache.invalidate();
  return presentAdminCategory(created);
}

export async function updateCategory(
  deps: CategoriesAdminDeps,
  id: number,
  changes: UpdateCategory,
): Promise<AdminCategory> {
  const updated = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await findCategoryById(trx, id))) throw notFound('Category not found');
    if (changes.name !== undefined) {
      const clash = await findClash(trx, { name: changes.name, exceptId: id });
      if (clash) throw conflict(clashMessage(clash, { name: changes.name }));
    }
    await updateCategoryRow(trx, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.icon !== undefined ? { icon: changes.icon } : {}),
      ...(changes.position !== undefined ? { position: changes.position } : {}),
    });
    return (await findAdminCategory(trx, id))!;
  });
  deps.cache.invalidate();
  return presentAdminCategory(updated);
}

/** The whole order at once: every category exactly once, first to last. */
export async function reorderCategories(
  deps: CategoriesAdminDeps,
  ids: number[],
): Promise<AdminCategoryList> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const existing = new Set(await findAllIds(trx));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== existing.size || ids.some((id) => !existing.has(id)))
      throw invalid('List every category exactly once.', { ids: ['List every category exactly once.'] });
    for (const [position, id] of ids.entries()) await updateCategoryRow(trx, id, { position });
  });
  deps.cache.invalidate();
  return listAdminCategories(deps);
}

/**
 * Deletes a category. One that still has agents (of any status) needs a category to move them to;
 * without one the answer is 409 with the count.
 */
export async function deleteCategory(
  deps: CategoriesAdminDeps,
  id: number,
  moveTo: string | undefined,
): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const category = await findAdminCategory(trx, id);
    if (!category) throw notFound('Category not found');
    const total = Number(category.total_agents ?? 0);
    if (moveTo !== undefined) {
      const target = await findCategoryBySlug(trx, moveTo);
      if (!target || target.id === id)
        throw invalid('Choose another existing category to move the agents to.', {
          moveTo: ['Choose another existing category to move the agents to.'],
        });
      if (total > 0) await moveAgents(trx, id, target.id);
    } else if (total > 0) {
      throw new AppError(
        'conflict',
        `This category still has ${total} agent${total === 1 ? '' : 's'}. Move them to another category first.`,
        { agentCount: [String(total)] },
      );
    }
    await deleteCategoryRow(trx, id);
  });
  deps.cache.invalidate();
}
