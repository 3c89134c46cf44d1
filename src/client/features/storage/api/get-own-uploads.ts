import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnUploadList } from '../../../../shared/api/storage.js';
import { request } from '../../../lib/request.js';

export const OWN_UPLOADS_KEY = ['/api/user/uploads'] as const;

export function getOwnUploads(signal?: AbortSignal): Promise<OwnUploadList> {
  return request<OwnUploadList>(OWN_UPLOADS_KEY[0], signal ? { signal } : {});
}

export const ownUploadsQueryOptions = queryOptions({
  queryKey: OWN_UPLOADS_KEY,
  queryFn: ({ signal }) => getOwnUploads(signal),
});

/** Only asked while someone is signed in. */
export function useOwnUploads(enabled: boolean) {
  return useQuery({ ...ownUploadsQueryOptions, enabled });
}
