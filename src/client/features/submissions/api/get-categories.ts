import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '../../../../shared/api/categories.js';
import { request } from '../../../lib/request.js';

/** The categories to choose from; same key as the catalogue's, so both share one cached answer. */
export const submissionCategoriesQueryOptions = queryOptions({
  queryKey: ['/api/categories'],
  queryFn: ({ signal }) => request<CategoryList>('/api/categories', signal ? { signal } : {}),
});

export function useSubmissionCategories() {
  return useQuery(submissionCategoriesQueryOptions);
}
