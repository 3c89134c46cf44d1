import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { ADMIN_STORAGE_KEY } from './get-admin-storage.js';
import { OWN_UPLOADS_KEY } from './get-own-uploads.js';

/** DELETE /api/admin/storage/{id}: an admin removes any file, in use or not. */
export function deleteStoredFile(id: number): Promise<unknown> {
  return request<unknown>(`/api/admin/storage/${id}`, { method: 'DELETE' });
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
        queryClient.invalidateQueries({ queryKey: ADMIN_STORAGE_KEY }),
        queryClient.invalidateQueries({ queryKey: OWN_UPLOADS_KEY }),
      ]),
  });
}
