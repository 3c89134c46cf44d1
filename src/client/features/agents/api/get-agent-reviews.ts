import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewListResponse } from '../../../../shared/api/agents.js';
import { AGENT_DETAIL_STALE_MS, REVIEWS_PAGE_SIZE } from '../../../../shared/limits.js';
import { request, withQuery } from '../../../lib/request.js';

export function getAgentReviews(
  agentId: number,
  options: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  return request<ReviewListResponse>(
    withQuery(`/api/agents/${agentId}/reviews`, { page: options.page, limit: options.limit }),
    signal ? { signal } : {},
  );
}

/** Spec section 9: reviews stale time 10 minutes; page 1 with limit 5 is what the detail page shows first. */
export function agentReviewsQueryOptions(agentId: number, page = 1, limit = REVIEWS_PAGE_SIZE) {
  return queryOptions({
    queryKey: ['/api/agents', agentId, 'reviews', { page, limit }],
    queryFn: ({ signal }) => getAgentReviews(agentId, { page, limit }, signal),
    staleTime: AGENT_DETAIL_STALE_MS,
  });
}

export function useAgentReviews(agentId: number | undefined, page: number) {
  return useQuery({
    ...agentReviewsQueryOptions(agentId ?? 0, page),
    enabled: agentId !== undefined,
    placeholderData: keepPreviousData,
  });
}
