import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FiltersResponse } from '../../../../shared/api/categories.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getFilters(signal?: AbortSignal): Promise<FiltersResponse> {
  return request<FiltersResponse>('/api/filters', signal ? { signal } : {});
}

export const filtersQueryOptions = queryOptions({
  queryKey: queryKeys.categories.filters(),
  queryFn: ({ signal }) => getFilters(signal),
});

export function useFilters() {
  return useQuery(filtersQueryOptions);
}
