import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { historyQuerySchema, HistoryResponse } from '../../../../shared/api/history.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

/** The query as the server reads it (defaults applied). */
export type HistoryParams = z.output<typeof historyQuerySchema>;

/** GET /api/history: what happened to the person's agents, newest first, a page at a time. */
export function getHistory(params: HistoryParams, signal?: AbortSignal): Promise<HistoryResponse> {
  return request<HistoryResponse>(
    withQuery('/api/history', {
      page: params.page,
      limit: params.limit,
      agentId: params.agentId,
      kind: params.kind,
    }),
    signal ? { signal } : {},
  );
}

export function historyQueryOptions(params: HistoryParams) {
  return queryOptions({
    queryKey: queryKeys.history.page(params),
    queryFn: ({ signal }) => getHistory(params, signal),
  });
}

/** Asked for again when the page opens (reviews and decisions arrive meanwhile); a new page keeps the last on screen. */
export function useHistory(params: HistoryParams) {
  return useQuery({ ...historyQueryOptions(params), staleTime: 0, placeholderData: keepPreviousData });
}
