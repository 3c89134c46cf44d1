import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/api/admin.js';
import { request } from '../../../lib/request.js';

export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return request<AdminStats>(ADMIN_STATS_KEY[0], signal ? { signal } : {});
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: ADMIN_STATS_KEY,
  queryFn: ({ signal }) => getAdminStats(signal),
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
