import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** DELETE /api/uploads/{id}: the uploader removes their own file (204); 409 while an agent or draft uses it. */
export async function deleteUpload(id: number): Promise<void> {
  await request<unknown>(`/api/uploads/${id}`, { method: 'DELETE' });
}

export function useDeleteUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUpload,
    onSuccess: () => {
      toast.success('Upload deleted');
    },
    onError: (error) => {
      toast.error('Failed to delete upload', { description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.storage.ownUploads() }),
  });
}
