import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftList } from '../../../../shared/api/submissions.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getDrafts(signal?: AbortSignal): Promise<DraftList> {
  return request<DraftList>('/api/drafts', signal ? { signal } : {});
}

export const draftsQueryOptions = queryOptions({
  // Every draft mutation invalidates this key (spec section 4: submit invalidates draft lists).
  queryKey: queryKeys.submissions.drafts(),
  queryFn: ({ signal }) => getDrafts(signal),
});

export function useDrafts() {
  return useQuery(draftsQueryOptions);
}
