import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload.js';
import { OWN_UPLOADS_KEY } from './get-own-uploads.js';

/** POST /api/uploads through the shared upload call; the caller shows the result or the server's error. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_UPLOADS_KEY }),
  });
}
