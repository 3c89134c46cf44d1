import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminCategoryList } from '../../../../shared/api/categories.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getAdminCategories(signal?: AbortSignal): Promise<AdminCategoryList> {
  return request<AdminCategoryList>('/api/admin/categories', signal ? { signal } : {});
}

export const adminCategoriesQueryOptions = queryOptions({
  queryKey: queryKeys.categories.admin(),
  queryFn: ({ signal }) => getAdminCategories(signal),
});

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions);
}

/**
 * After a change the admin list is fetched again, and the public category lists (the categories
 * page, the filters and footer) are marked stale by their keys so visitors see the new names.
 */
export function refreshCategories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.categories.admin() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.categories.list() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.categories.filters() }),
  ]);
}
