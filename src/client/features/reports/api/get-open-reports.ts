import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminReportListSchema } from '../../../../shared/api/reports.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export type AdminReportList = z.infer<typeof adminReportListSchema>;

/** GET /api/admin/reports?status=open: the moderators' queue, oldest first. */
export function getOpenReports(signal?: AbortSignal): Promise<AdminReportList> {
  return request<AdminReportList>('/api/admin/reports?status=open', signal ? { signal } : {});
}

export const openReportsQueryOptions = queryOptions({
  queryKey: queryKeys.reports.open(),
  queryFn: ({ signal }) => getOpenReports(signal),
});

export function useOpenReports() {
  return useQuery(openReportsQueryOptions);
}
