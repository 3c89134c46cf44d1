import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '../../shared/api/categories.js';
import { queryKeys } from './query-keys.js';
import { request } from './request.js';

/**
 * GET /api/categories: the catalogue's categories in order. One source for the pages that list them and
 * the forms that file an agent under one, so all of them share one cached answer.
 */
export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return request<CategoryList>('/api/categories', signal ? { signal } : {});
}

export const categoriesQueryOptions = queryOptions({
  queryKey: queryKeys.categories.list(),
  queryFn: ({ signal }) => getCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
