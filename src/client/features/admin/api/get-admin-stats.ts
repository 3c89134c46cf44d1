import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/api/admin.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return request<AdminStats>('/api/admin/stats', signal ? { signal } : {});
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.stats(),
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
