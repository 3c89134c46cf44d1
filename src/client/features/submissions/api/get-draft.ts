import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Draft } from '../../../../shared/api/submissions.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getDraft(id: number, signal?: AbortSignal): Promise<Draft> {
  return request<Draft>(`/api/drafts/${id}`, signal ? { signal } : {});
}

export function draftQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.submissions.draft(id),
    queryFn: ({ signal }) => getDraft(id, signal),
    // The form owns the values once loaded and saves them itself, so a copy kept after it closes would be
    // stale the next time the draft is resumed.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useDraft(id: number | null) {
  return useQuery({ ...draftQueryOptions(id ?? 0), enabled: id !== null });
}
