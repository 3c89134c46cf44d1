import { z } from 'zod';
import { PAGE_MAX } from '../limits.js';

export const pageQuery = z.coerce
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
  .default(1);

export function limitQuery(defaultLimit: number, max: number) {
  return z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .default(defaultLimit);
}

/** The paging shape shared by notifications, agents and reviews. */
export function pagedSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
  } as { [P in K]: z.ZodArray<T> } & {
    totalCount: z.ZodNumber;
    totalPages: z.ZodNumber;
    currentPage: z.ZodNumber;
  });
}
