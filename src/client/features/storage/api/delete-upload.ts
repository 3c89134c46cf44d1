import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { OWN_UPLOADS_KEY } from './get-own-uploads.js';

/** DELETE /api/uploads/{id}: the uploader removes their own file; 409 while an agent or draft uses it. */
export function deleteUpload(id: number): Promise<unknown> {
  return request<unknown>(`/api/uploads/${id}`, { method: 'DELETE' });
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_UPLOADS_KEY }),
  });
}
