import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** DELETE /api/drafts/{id}: answers 204. */
export async function deleteDraft(id: number): Promise<void> {
  await request<unknown>(`/api/drafts/${id}`, { method: 'DELETE' });
}

/** Spec section 8: "Draft deleted" / "Error deleting draft" with the server's message. */
export function useDeleteDraft(options: { onDeleted?: (id: number) => void; onFailed?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.submissions.draft(id), exact: true });
      toast.success('Draft deleted', { description: 'Your draft has been deleted successfully.' });
      options.onDeleted?.(id);
    },
    onError: (error) => {
      toast.error('Error deleting draft', { description: error.message });
      options.onFailed?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.drafts(), exact: true }),
  });
}
