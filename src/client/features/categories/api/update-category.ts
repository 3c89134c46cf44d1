import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, UpdateCategory } from '../../../../shared/api/categories.js';
import { isApiError, request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { refreshCategories } from './get-admin-categories.js';

/** PUT /api/admin/categories/{id}: rename, describe or change the icon. */
export function updateCategory(id: number, changes: UpdateCategory): Promise<AdminCategory> {
  return request<AdminCategory>(`/api/admin/categories/${id}`, { method: 'PUT', body: changes });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateCategory }) => updateCategory(id, changes),
    onSuccess: (category) => {
      toast.success('Category saved', { description: category.name });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.details) return;
      toast.error('Failed to save category', { description: error.message });
    },
    onSettled: () => refreshCategories(queryClient),
  });
}
