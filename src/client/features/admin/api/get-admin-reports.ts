import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReport } from '../../../../shared/api/reports.js';
import { request } from '../../../lib/request.js';

export interface AdminReportList {
  reports: AdminReport[];
}

export const ADMIN_REPORTS_KEY = ['/api/admin/reports', 'open'] as const;

export function getOpenReports(signal?: AbortSignal): Promise<AdminReportList> {
  return request<AdminReportList>('/api/admin/reports?status=open', signal ? { signal } : {});
}

export const openReportsQueryOptions = queryOptions({
  queryKey: ADMIN_REPORTS_KEY,
  queryFn: ({ signal }) => getOpenReports(signal),
});

export function useOpenReports() {
  return useQuery(openReportsQueryOptions);
}
