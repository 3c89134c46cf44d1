import { z } from 'zod';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from '../limits.js';

export const REPLY_BODY_MAX = 2000;
export const REPORT_DETAILS_MAX = 1000;

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

/** POST /api/agents/{id}/reviews (DESIGN section 2). */
export const createReviewSchema = z.object({ rating, title, body });
export type CreateReview = z.input<typeof createReviewSchema>;

export const updateReviewSchema = z.object({ rating: rating.optional(), title, body: body.optional() });

export const replySchema = z.object({
  body: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(REPLY_BODY_MAX, `A reply can have at most ${REPLY_BODY_MAX} characters`),
});

export const reportReasons = [
  'spam',
  'misleading',
  'offensive',
  'malware',
  'impersonation',
  'other',
] as const;
export const reportReasonLabels: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam or advertising',
  misleading: 'Misleading or false information',
  offensive: 'Offensive or abusive content',
  malware: 'Malware, scam or security risk',
  impersonation: 'Impersonation or stolen work',
  other: 'Something else',
};

export const reportSchema = z.object({
  reason: z.enum(reportReasons, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `Details can have at most ${REPORT_DETAILS_MAX} characters`)
    .nullish()
    .transform((value) => value || null),
});

export const helpfulResponseSchema = z.object({ helpfulCount: z.number().int(), votedHelpful: z.boolean() });
export const reportResponseSchema = z.object({ id: z.number().int(), status: z.literal('open') });
