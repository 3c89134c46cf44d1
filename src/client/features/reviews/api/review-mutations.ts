import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Review } from '../../../../shared/api/reviews.js';
import type {
  CreateReview,
  helpfulResponseSchema,
  replySchema,
  updateReviewSchema,
} from '../../../../shared/api/reviews.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

type UpdateReview = z.input<typeof updateReviewSchema>;
type Reply = z.input<typeof replySchema>;
export type HelpfulResponse = z.infer<typeof helpfulResponseSchema>;

export function createReview(agentId: number, input: CreateReview): Promise<Review> {
  return request<Review>(`/api/agents/${agentId}/reviews`, { method: 'POST', body: input });
}

export function updateReview(reviewId: number, input: UpdateReview): Promise<Review> {
  return request<Review>(`/api/reviews/${reviewId}`, { method: 'PUT', body: input });
}

/** DELETE /api/reviews/{id}: answers 204. */
export async function deleteReview(reviewId: number): Promise<void> {
  await request<unknown>(`/api/reviews/${reviewId}`, { method: 'DELETE' });
}

export function replyToReview(reviewId: number, body: string): Promise<Review> {
  const reply: Reply = { body };
  return request<Review>(`/api/reviews/${reviewId}/reply`, { method: 'POST', body: reply });
}

export function markReviewHelpful(reviewId: number): Promise<HelpfulResponse> {
  return request<HelpfulResponse>(`/api/reviews/${reviewId}/helpful`, { method: 'POST' });
}

/**
 * After a review is written, edited or deleted: the agent's rating summary, reputation score and viewer facts
 * are fetched again with its reviews; listings and home sections are refreshed the next time they show.
 */
export async function refreshAfterReviewChange(
  queryClient: QueryClient,
  agent: { id: number; slug: string },
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey.length === 2 &&
        queryKey[0] === queryKeys.agents.all()[0] &&
        (queryKey[1] === agent.slug || queryKey[1] === String(agent.id)),
    }),
    queryClient.invalidateQueries({ queryKey: queryKeys.reviews.ofAgent(agent.id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.agents.all(), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.agents.homeAll(), refetchType: 'none' }),
  ]);
}
