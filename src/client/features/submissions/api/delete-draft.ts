import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { draftKey } from './get-draft.js';
import { DRAFTS_KEY } from './get-drafts.js';

export function deleteDraft(id: number): Promise<unknown> {
  return request<unknown>(`/api/drafts/${id}`, { method: 'DELETE' });
}

/** Spec section 8: "Draft deleted" / "Error deleting draft" with the server's message. */
export function useDeleteDraft(options: { onDeleted?: (id: number) => void; onFailed?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: draftKey(id), exact: true });
      toast.success('Draft deleted', { description: 'Your draft has been deleted successfully.' });
      options.onDeleted?.(id);
    },
    onError: (error) => {
      toast.error('Error deleting draft', { description: error.message });
      options.onFailed?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRAFTS_KEY, exact: true }),
  });
}
