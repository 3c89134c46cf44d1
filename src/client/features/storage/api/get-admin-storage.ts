import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStorageResponse } from '../../../../shared/api/storage.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

export interface AdminStorageFilters {
  page: number;
  orphans: boolean;
}

export function getAdminStorage(filters: AdminStorageFilters, signal?: AbortSignal) {
  return request<AdminStorageResponse>(
    withQuery('/api/admin/storage', {
      page: filters.page > 1 ? filters.page : undefined,
      orphans: filters.orphans ? 'true' : undefined,
    }),
    signal ? { signal } : {},
  );
}

export function adminStorageQueryOptions(filters: AdminStorageFilters) {
  return queryOptions({
    queryKey: queryKeys.storage.adminPage(filters),
    queryFn: ({ signal }) => getAdminStorage(filters, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useAdminStorage(filters: AdminStorageFilters) {
  return useQuery({ ...adminStorageQueryOptions(filters), placeholderData: keepPreviousData });
}
