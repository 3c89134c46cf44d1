import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.js';
import { uploadFile } from '../../../lib/upload.js';

/** POST /api/uploads through the shared upload call; the caller shows the result or the server's error. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.storage.ownUploads() }),
  });
}
