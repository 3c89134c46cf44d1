import type {
  AdminCategory,
  AdminCategoryList,
  CreateCategory,
  UpdateCategory,
} from '../../../shared/api/categories.js';
import type { Db } from '../../db/database.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import { slugify } from '../submissions/agent-slug.js';
import { presentAdminCategory } from './categories.presenter.js';
import type { CategoriesRepo } from './categories.repo.js';

/** What every category change shows in: the category list, filters, and listings (home names categories). */
const CATEGORY_ANSWERS = [cacheTags.categories, cacheTags.listings];

export interface CategoriesAdminDeps {
  db: Db;
  categories: CategoriesRepo;
  /** Public /api/categories, /api/filters and the home page are cached. */
  cache: ResponseCache;
}

function clashMessage(clash: { slug: string; name: string }, wanted: { slug?: string; name?: string }) {
  return clash.slug === wanted.slug
    ? `A category with the slug “${clash.slug}” already exists.`
    : `A category named “${clash.name}” already exists.`;
}

export async function listAdminCategories(deps: CategoriesAdminDeps): Promise<AdminCategoryList> {
  return { categories: (await deps.categories.findAllWithTotals()).map(presentAdminCategory) };
}

/** A new category, last in the order; its slug comes from the name unless one is given. */
export async function createCategory(
  deps: CategoriesAdminDeps,
  input: Required<Pick<CreateCategory, 'name' | 'description' | 'icon'>> & { slug?: string },
): Promise<AdminCategory> {
  const slug = input.slug ?? slugify(input.name, 'category');
  const created = await deps.db.kysely.transaction().execute(async (trx) => {
    const clash = await deps.categories.findClash({ slug, name: input.name }, trx);
    if (clash) throw conflict(clashMessage(clash, { slug, name: input.name }));
    const id = await deps.categories.insert(
      {
        slug,
        name: input.name,
        description: input.description,
        icon: input.icon,
        position: await deps.categories.nextPosition(trx),
        created_at: nowIso(),
      },
      trx,
    );
    return (await deps.categories.findWithTotals(id, trx))!;
  });
  deps.cache.invalidate(CATEGORY_ANSWERS);
  return presentAdminCategory(created);
}

export async function updateCategory(
  deps: CategoriesAdminDeps,
  id: number,
  changes: UpdateCategory,
): Promise<AdminCategory> {
  const updated = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await deps.categories.findById(id, trx))) throw notFound('Category not found');
    if (changes.name !== undefined) {
      const clash = await deps.categories.findClash({ name: changes.name, exceptId: id }, trx);
      if (clash) throw conflict(clashMessage(clash, { name: changes.name }));
    }
    await deps.categories.update(
      id,
      {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.icon !== undefined ? { icon: changes.icon } : {}),
        ...(changes.position !== undefined ? { position: changes.position } : {}),
      },
      trx,
    );
    return (await deps.categories.findWithTotals(id, trx))!;
  });
  deps.cache.invalidate([...CATEGORY_ANSWERS, cacheTags.category(updated.slug)]);
  return presentAdminCategory(updated);
}

/** The whole order at once: every category exactly once, first to last. */
export async function reorderCategories(
  deps: CategoriesAdminDeps,
  ids: number[],
): Promise<AdminCategoryList> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const existing = new Set(await deps.categories.findAllIds(trx));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== existing.size || ids.some((id) => !existing.has(id)))
      throw invalid('List every category exactly once.', { ids: ['List every category exactly once.'] });
    for (const [position, id] of ids.entries()) await deps.categories.update(id, { position }, trx);
  });
  deps.cache.invalidate(CATEGORY_ANSWERS);
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
  const slug = await deps.db.kysely.transaction().execute(async (trx) => {
    const category = await deps.categories.findWithTotals(id, trx);
    if (!category) throw notFound('Category not found');
    const total = Number(category.total_agents ?? 0);
    if (moveTo !== undefined) {
      const target = await deps.categories.findBySlug(moveTo, trx);
      if (!target || target.id === id)
        throw invalid('Choose another existing category to move the agents to.', {
          moveTo: ['Choose another existing category to move the agents to.'],
        });
      if (total > 0) await deps.categories.moveAgents(id, target.id, trx);
    } else if (total > 0) {
      throw new AppError(
        'conflict',
        `This category still has ${total} agent${total === 1 ? '' : 's'}. Move them to another category first.`,
        { agentCount: [String(total)] },
      );
    }
    await deps.categories.delete(id, trx);
    return category.slug;
  });
  // The moved agents' pages name their old category.
  deps.cache.invalidate([...CATEGORY_ANSWERS, cacheTags.category(slug)]);
}
