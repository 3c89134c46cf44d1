import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubmissionList } from '../../../../shared/api/admin.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getAdminSubmissions(signal?: AbortSignal): Promise<AdminSubmissionList> {
  return request<AdminSubmissionList>('/api/admin/submissions?status=pending', signal ? { signal } : {});
}

export const adminSubmissionsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.submissions(),
  queryFn: ({ signal }) => getAdminSubmissions(signal),
});

/** The moderation queue, oldest first as the server orders it. */
export function useAdminSubmissions() {
  return useQuery(adminSubmissionsQueryOptions);
}
