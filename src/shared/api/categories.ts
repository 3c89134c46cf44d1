import { z } from 'zod';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, ROW_ID_MAX } from '../limits.js';

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  agentCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

/** GET /api/filters: the spec only uses the first 3 categories (footer). */
export const filtersResponseSchema = z.object({
  categories: z.array(categorySchema),
  pricing: z.array(z.string()),
  sorts: z.array(z.string()),
});
export type FiltersResponse = z.infer<typeof filtersResponseSchema>;

/** Categories as admins manage them (GET /api/admin/categories). */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  position: z.number().int(),
  /** Published agents (what visitors see). */
  agentCount: z.number().int(),
  /** Agents in any status: these block deletion. */
  totalAgents: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

const categoryName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(CATEGORY_NAME_MAX, `Name can have at most ${CATEGORY_NAME_MAX} characters`);
const categoryDescription = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, `Description can have at most ${CATEGORY_DESCRIPTION_MAX} characters`);
const categoryIcon = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'Choose an icon');

/** POST /api/admin/categories; the slug is made from the name when not given. */
export const createCategorySchema = z.strictObject({
  name: categoryName,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The slug may use lowercase letters, digits and dashes')
    .max(80)
    .optional(),
  description: categoryDescription.default(''),
  icon: categoryIcon.default('tag'),
});
export type CreateCategory = z.input<typeof createCategorySchema>;

/** PUT /api/admin/categories/{id}: rename, describe, change icon or position. */
export const updateCategorySchema = z.strictObject({
  name: categoryName.optional(),
  description: categoryDescription.optional(),
  icon: categoryIcon.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type UpdateCategory = z.input<typeof updateCategorySchema>;

/** PUT /api/admin/categories/order {ids}: the full new order, first to last. */
export const reorderCategoriesSchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(ROW_ID_MAX)).min(1).max(500),
});

/** DELETE /api/admin/categories/{id}?moveTo={slug}: 409 with the count when agents remain and no moveTo. */
export const deleteCategoryQuerySchema = z.object({
  moveTo: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'moveTo must be a category slug')
    .max(80)
    .optional(),
});

/** /api/admin/categories/{id}: the category's id. */
export const categoryIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });
