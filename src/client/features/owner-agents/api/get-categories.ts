import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '../../../../shared/api/categories.js';
import { request } from '../../../lib/request.js';

/** The categories an agent can be filed under, for the edit form's select. */
export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return request<CategoryList>('/api/categories', signal ? { signal } : {});
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ['/api/categories'],
  queryFn: ({ signal }) => getCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
