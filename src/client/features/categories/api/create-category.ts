import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CreateCategory } from '../../../../shared/api/categories.js';
import { isApiError, request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { refreshCategories } from './get-admin-categories.js';

/** POST /api/admin/categories → 201 with the new category. */
export function createCategory(input: CreateCategory): Promise<AdminCategory> {
  return request<AdminCategory>('/api/admin/categories', { method: 'POST', body: input });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => {
      toast.success('Category created', { description: category.name });
    },
    onError: (error) => {
      // Field errors are shown next to the fields by the form.
      if (isApiError(error) && error.status === 400 && error.details) return;
      toast.error('Failed to create category', { description: error.message });
    },
    onSettled: () => refreshCategories(queryClient),
  });
}
