import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminCategoryList, reorderCategoriesSchema } from '../../../../shared/api/categories.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { refreshCategories } from './get-admin-categories.js';

type ReorderCategories = z.input<typeof reorderCategoriesSchema>;

/** PUT /api/admin/categories/order {ids}: the whole new order, first to last; answers the new list. */
export function reorderCategories(ids: ReorderCategories['ids']): Promise<AdminCategoryList> {
  const body: ReorderCategories = { ids };
  return request<AdminCategoryList>('/api/admin/categories/order', { method: 'PUT', body });
}

/** The list moves at once; it goes back, with a toast, when the server refuses. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.categories.admin() });
      const previous = queryClient.getQueryData<AdminCategoryList>(queryKeys.categories.admin());
      if (previous) {
        const byId = new Map(previous.categories.map((category) => [category.id, category]));
        const reordered = ids.flatMap((id, position) => {
          const category = byId.get(id);
          return category ? [{ ...category, position }] : [];
        });
        queryClient.setQueryData<AdminCategoryList>(queryKeys.categories.admin(), { categories: reordered });
      }
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.categories.admin(), context.previous);
      toast.error('Failed to reorder categories', { description: error.message });
    },
    onSettled: () => refreshCategories(queryClient),
  });
}
