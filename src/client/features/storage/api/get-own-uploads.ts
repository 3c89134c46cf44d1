import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnUploadList } from '../../../../shared/api/storage.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getOwnUploads(signal?: AbortSignal): Promise<OwnUploadList> {
  return request<OwnUploadList>('/api/user/uploads', signal ? { signal } : {});
}

export const ownUploadsQueryOptions = queryOptions({
  queryKey: queryKeys.storage.ownUploads(),
  queryFn: ({ signal }) => getOwnUploads(signal),
});

/** Only asked while someone is signed in. */
export function useOwnUploads(enabled: boolean) {
  return useQuery({ ...ownUploadsQueryOptions, enabled });
}
