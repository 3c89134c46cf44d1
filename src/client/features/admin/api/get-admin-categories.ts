import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminCategoryList } from '../../../../shared/api/admin.js';
import { request } from '../../../lib/request.js';

export const ADMIN_CATEGORIES_KEY = ['/api/admin/categories'] as const;

export function getAdminCategories(signal?: AbortSignal): Promise<AdminCategoryList> {
  return request<AdminCategoryList>(ADMIN_CATEGORIES_KEY[0], signal ? { signal } : {});
}

export const adminCategoriesQueryOptions = queryOptions({
  queryKey: ADMIN_CATEGORIES_KEY,
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
    queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['/api/categories'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/filters'] }),
  ]);
}
