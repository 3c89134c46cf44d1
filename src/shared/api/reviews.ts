import { z } from 'zod';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX, ROW_ID_MAX } from '../limits.js';
import { limitQuery, pagedSchema, pageQuery } from './paging.js';

export const REPLY_BODY_MAX = 2000;

const rating = z
  .number({ error: 'Choose a rating from 1 to 5 stars' })
  .int('Choose a rating from 1 to 5 stars')
  .min(1, 'Choose a rating from 1 to 5 stars')
  .max(5, 'Choose a rating from 1 to 5 stars');
const title = z
  .string()
  .trim()
  .max(REVIEW_TITLE_MAX, `The title can have at most ${REVIEW_TITLE_MAX} characters`)
  .nullish()
  .transform((value) => value || null);
const body = z
  .string({ error: 'Write a few words about your experience' })
  .trim()
  .min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters`)
  .max(REVIEW_BODY_MAX, `A review can have at most ${REVIEW_BODY_MAX} characters`);

/** POST /api/agents/{id}/reviews. */
export const createReviewSchema = z.strictObject({ rating, title, body });
export type CreateReview = z.input<typeof createReviewSchema>;

export const updateReviewSchema = z.strictObject({ rating: rating.optional(), title, body: body.optional() });

export const replySchema = z.strictObject({
  body: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(REPLY_BODY_MAX, `A reply can have at most ${REPLY_BODY_MAX} characters`),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  body: z.string(),
  author: z.object({ displayName: z.string() }),
  helpfulCount: z.number().int(),
  ownerReply: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSorts = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

export const reviewListQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(5, 50),
  sort: z.enum(reviewSorts, { error: `sort must be one of ${reviewSorts.join(', ')}` }).default('newest'),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const reviewListResponseSchema = pagedSchema('reviews', reviewSchema);
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

/** POST /api/agents/{id}/reviews: the agent's id. */
export const reviewAgentParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });
/** /api/reviews/{id}…: the review's id. */
export const reviewIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });

export const helpfulResponseSchema = z.object({ helpfulCount: z.number().int(), votedHelpful: z.boolean() });
