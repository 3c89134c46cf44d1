import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorageCleanupResponse } from '../../../../shared/api/storage.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { formatBytes } from '../lib/format-bytes.js';

/** POST /api/admin/storage/cleanup: removes orphans older than a day. */
export function cleanUpStorage(): Promise<StorageCleanupResponse> {
  return request<StorageCleanupResponse>('/api/admin/storage/cleanup', { method: 'POST' });
}

export function useCleanUpStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanUpStorage,
    onSuccess: ({ removed, freedBytes }) => {
      toast.success(
        `Removed ${removed} ${removed === 1 ? 'file' : 'files'}, freed ${formatBytes(freedBytes, 'KB')}`,
      );
    },
    onError: (error) => {
      toast.error('Failed to remove orphans', { description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.storage.admin() }),
  });
}
