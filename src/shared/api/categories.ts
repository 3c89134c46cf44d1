import { z } from 'zod';

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
