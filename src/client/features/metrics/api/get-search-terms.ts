import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricsRange, SearchTermsResponse } from '../../../../shared/api/metrics.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

interface SearchTermsParams {
  range: MetricsRange;
  agentId: number;
}

/** GET /api/metrics/search-terms: the searches whose first page showed the agent. */
export function getSearchTerms(
  { range, agentId }: SearchTermsParams,
  signal?: AbortSignal,
): Promise<SearchTermsResponse> {
  return request<SearchTermsResponse>(
    withQuery('/api/metrics/search-terms', { agentId, range }),
    signal ? { signal } : {},
  );
}

export function searchTermsQueryOptions(params: SearchTermsParams) {
  return queryOptions({
    queryKey: queryKeys.metrics.searchTerms(params),
    queryFn: ({ signal }) => getSearchTerms(params, signal),
  });
}

export function useSearchTerms(params: SearchTermsParams | null) {
  return useQuery({
    ...searchTermsQueryOptions(params ?? { range: '30d', agentId: 0 }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
}
