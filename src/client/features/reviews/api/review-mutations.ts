import type { QueryClient } from '@tanstack/react-query';
import type { Review } from '../../../../shared/api/agents.js';
import type { reportReasons } from '../../../../shared/api/reviews.js';
import { request } from '../../../lib/request.js';
import { agentReviewsKey } from './get-agent-reviews.js';

export interface ReviewInput {
  rating: number;
  title: string | null;
  body: string;
}

export type ReportReason = (typeof reportReasons)[number];

export interface ReportInput {
  reason: ReportReason;
  details: string | null;
}

export function createReview(agentId: number, input: ReviewInput): Promise<Review> {
  return request<Review>(`/api/agents/${agentId}/reviews`, { method: 'POST', body: input });
}

export function updateReview(reviewId: number, input: ReviewInput): Promise<Review> {
  return request<Review>(`/api/reviews/${reviewId}`, { method: 'PUT', body: input });
}

export function deleteReview(reviewId: number): Promise<unknown> {
  return request<unknown>(`/api/reviews/${reviewId}`, { method: 'DELETE' });
}

export function replyToReview(reviewId: number, body: string): Promise<Review> {
  return request<Review>(`/api/reviews/${reviewId}/reply`, { method: 'POST', body: { body } });
}

export function markReviewHelpful(
  reviewId: number,
): Promise<{ helpfulCount: number; votedHelpful: boolean }> {
  return request(`/api/reviews/${reviewId}/helpful`, { method: 'POST' });
}

export type ReportTarget =
  { kind: 'review'; id: number; label: string } | { kind: 'agent'; id: number; label: string };

export function reportContent(
  target: ReportTarget,
  input: ReportInput,
): Promise<{ id: number; status: 'open' }> {
  const path =
    target.kind === 'review' ? `/api/reviews/${target.id}/report` : `/api/agents/${target.id}/report`;
  return request(path, { method: 'POST', body: input });
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
        queryKey[0] === '/api/agents' &&
        (queryKey[1] === agent.slug || queryKey[1] === String(agent.id)),
    }),
    queryClient.invalidateQueries({ queryKey: agentReviewsKey(agent.id) }),
    queryClient.invalidateQueries({ queryKey: ['/api/agents'], refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: ['/api/home'], refetchType: 'none' }),
  ]);
}
