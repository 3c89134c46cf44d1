import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageInfo } from '../../../../shared/api/storage.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getStorageInfo(signal?: AbortSignal): Promise<StorageInfo> {
  return request<StorageInfo>('/api/storage/info', signal ? { signal } : {});
}

export const storageInfoQueryOptions = queryOptions({
  queryKey: queryKeys.storage.info(),
  queryFn: ({ signal }) => getStorageInfo(signal),
  staleTime: 5 * 60 * 1000,
});

export function useStorageInfo() {
  return useQuery(storageInfoQueryOptions);
}
