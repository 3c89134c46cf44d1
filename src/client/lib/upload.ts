import type { UploadedFile } from '../../shared/api/storage.js';
import { toApiError } from './request.js';

/**
 * POST /api/uploads with the file as multipart field `file`. The server checks the content (PNG, JPEG
 * or WebP), size and dimensions and answers the stored, re-encoded image; failures throw an ApiError.
 */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/uploads', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as UploadedFile;
}
