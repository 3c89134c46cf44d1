import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** DELETE /api/admin/storage/{id}: an admin removes any file, in use or not; answers 204. */
export async function deleteStoredFile(id: number): Promise<void> {
  await request<unknown>(`/api/admin/storage/${id}`, { method: 'DELETE' });
}

export function useDeleteStoredFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStoredFile,
    onSuccess: () => {
      toast.success('File deleted');
    },
    onError: (error) => {
      toast.error('Failed to delete file', { description: error.message });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.storage.admin() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.storage.ownUploads() }),
      ]),
  });
}
