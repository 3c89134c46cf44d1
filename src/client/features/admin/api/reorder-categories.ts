import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategoryList } from '../../../../shared/api/admin.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { ADMIN_CATEGORIES_KEY, refreshCategories } from './get-admin-categories.js';

/** PUT /api/admin/categories/order {ids}: the whole new order, first to last. */
export function reorderCategories(ids: number[]): Promise<unknown> {
  return request<unknown>('/api/admin/categories/order', { method: 'PUT', body: { ids } });
}

/** The list moves at once; it goes back, with a toast, when the server refuses. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      const previous = queryClient.getQueryData<AdminCategoryList>(ADMIN_CATEGORIES_KEY);
      if (previous) {
        const byId = new Map(previous.categories.map((category) => [category.id, category]));
        const reordered = ids.flatMap((id, position) => {
          const category = byId.get(id);
          return category ? [{ ...category, position }] : [];
        });
        queryClient.setQueryData<AdminCategoryList>(ADMIN_CATEGORIES_KEY, { categories: reordered });
      }
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(ADMIN_CATEGORIES_KEY, context.previous);
      toast.error('Failed to reorder categories', { description: error.message });
    },
    onSettled: () => refreshCategories(queryClient),
  });
}
