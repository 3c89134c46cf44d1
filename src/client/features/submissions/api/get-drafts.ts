import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftList } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';

/** The list key: every draft mutation invalidates it (spec section 4: submit invalidates draft lists). */
export const DRAFTS_KEY = ['/api/drafts'] as const;

export function getDrafts(signal?: AbortSignal): Promise<DraftList> {
  return request<DraftList>(DRAFTS_KEY[0], signal ? { signal } : {});
}

export const draftsQueryOptions = queryOptions({
  queryKey: DRAFTS_KEY,
  queryFn: ({ signal }) => getDrafts(signal),
});

export function useDrafts() {
  return useQuery(draftsQueryOptions);
}
