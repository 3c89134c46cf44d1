import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Review, ReviewListResponse, ReviewSort } from '../../../../shared/api/reviews.js';
import { AGENT_DETAIL_STALE_MS, REVIEWS_PAGE_SIZE } from '../../../../shared/limits.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

/** The default order is not sent, so page 1 is the spec's `?page=1&limit=5` call and shares its cache entry. */
const DEFAULT_SORT: ReviewSort = 'newest';

export function getAgentReviews(
  agentId: number,
  options: { page: number; limit: number; sort?: ReviewSort },
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  const sort = options.sort === DEFAULT_SORT ? undefined : options.sort;
  return request<ReviewListResponse>(
    withQuery(`/api/agents/${agentId}/reviews`, { page: options.page, limit: options.limit, sort }),
    signal ? { signal } : {},
  );
}

/** Spec section 9: reviews stale time 10 minutes; page 1 with limit 5 is what the detail page shows first. */
export function agentReviewsQueryOptions(
  agentId: number,
  page = 1,
  limit = REVIEWS_PAGE_SIZE,
  sort: ReviewSort = DEFAULT_SORT,
) {
  const sortParam = sort === DEFAULT_SORT ? undefined : sort;
  return queryOptions({
    queryKey: queryKeys.reviews.page(agentId, { page, limit, sort: sortParam }),
    queryFn: ({ signal }) => getAgentReviews(agentId, { page, limit, sort }, signal),
    staleTime: AGENT_DETAIL_STALE_MS,
  });
}

export function useAgentReviews(agentId: number | undefined, page: number, sort: ReviewSort = DEFAULT_SORT) {
  return useQuery({
    ...agentReviewsQueryOptions(agentId ?? 0, page, REVIEWS_PAGE_SIZE, sort),
    enabled: agentId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Replaces one review wherever a page of this agent's reviews holds it. */
export function updateCachedReview(
  queryClient: QueryClient,
  review: Pick<Review, 'id' | 'agentId'> & Partial<Review>,
) {
  queryClient.setQueriesData<ReviewListResponse>(
    { queryKey: queryKeys.reviews.ofAgent(review.agentId) },
    (list) =>
      list
        ? {
            ...list,
            reviews: list.reviews.map((item) => (item.id === review.id ? { ...item, ...review } : item)),
          }
        : list,
  );
}

const SEARCH_PAGE_SIZE = 50;

/**
 * Finds one review of an agent: from the cached pages, or else by reading the agent's reviews 50 at a time
 * (there is no call for a single review).
 */
export async function findAgentReview(
  queryClient: QueryClient,
  agentId: number,
  reviewId: number,
): Promise<Review | null> {
  for (const [, list] of queryClient.getQueriesData<ReviewListResponse>({
    queryKey: queryKeys.reviews.ofAgent(agentId),
  })) {
    const found = list?.reviews.find((review) => review.id === reviewId);
    if (found) return found;
  }
  for (let page = 1; ; page += 1) {
    const list = await queryClient.fetchQuery(agentReviewsQueryOptions(agentId, page, SEARCH_PAGE_SIZE));
    const found = list.reviews.find((review) => review.id === reviewId);
    if (found) return found;
    if (page >= list.totalPages) return null;
  }
}
