import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteCategoryQuerySchema } from '../../../../shared/api/categories.js';
import { request, withQuery } from '../../../lib/request.js';
import { refreshCategories } from './get-admin-categories.js';

type DeleteCategoryQuery = z.input<typeof deleteCategoryQuerySchema>;

/**
 * DELETE /api/admin/categories/{id}?moveTo={slug}. Without moveTo a category that still has agents
 * answers 409 with details.agentCount; the dialog then offers to move them.
 */
export async function deleteCategory(id: number, moveTo?: string): Promise<void> {
  const query: DeleteCategoryQuery = { moveTo };
  await request<unknown>(withQuery(`/api/admin/categories/${id}`, query), { method: 'DELETE' });
}

/** Toasts are left to the dialog: a 409 there is a question to the admin, not a failure. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: string }) => deleteCategory(id, moveTo),
    onSettled: () => refreshCategories(queryClient),
  });
}
