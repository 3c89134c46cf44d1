import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageInfo } from '../../../../shared/api/storage.js';
import { request } from '../../../lib/request.js';

export const STORAGE_INFO_KEY = ['/api/storage/info'] as const;

export function getStorageInfo(signal?: AbortSignal): Promise<StorageInfo> {
  return request<StorageInfo>(STORAGE_INFO_KEY[0], signal ? { signal } : {});
}

export const storageInfoQueryOptions = queryOptions({
  queryKey: STORAGE_INFO_KEY,
  queryFn: ({ signal }) => getStorageInfo(signal),
  staleTime: 5 * 60 * 1000,
});

export function useStorageInfo() {
  return useQuery(storageInfoQueryOptions);
}
