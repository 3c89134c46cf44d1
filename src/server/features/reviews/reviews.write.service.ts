import type { z } from 'zod';
import type { Review } from '../../../shared/api/agents.js';
import type { createReviewSchema, reportSchema, updateReviewSchema } from '../../../shared/api/reviews.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import { publicDisplayName } from '../users/public-name.js';
import type { Notification } from '../../../shared/api/notifications.js';
import { presentReview } from './reviews.presenter.js';
import { reviewWeight } from './reputation.js';
import { applyRatingChange } from './reputation.repo.js';
import type { ReviewsServiceDeps } from './reviews.service.js';

export interface ReviewWritesDeps extends ReviewsServiceDeps {
  notifications: NotificationsDeps;
  cache: ResponseCache;
}

const DAY_MS = 86_400_000;

async function publishedAgent(deps: ReviewWritesDeps, id: number) {
  const agent = await deps.agents.findDetail({ id });
  if (!agent || agent.status !== 'published') throw notFound('Agent not found');
  return agent;
}

async function loadReview(deps: ReviewWritesDeps, id: number) {
  const row = await deps.reviews.findById(id);
  if (!row) throw notFound('Review not found');
  return row;
}

function afterWrite(deps: ReviewWritesDeps, notices: Array<{ userId: number; notification: Notification }>) {
  deps.cache.invalidate();
  for (const notice of notices) deps.notifications.publish(notice.userId, [notice.notification]);
}

/** One review per person and agent; never on your own agent. The score moves in the same transaction. */
export async function createReview(
  deps: ReviewWritesDeps,
  user: UserRow,
  agentId: number,
  input: z.output<typeof createReviewSchema>,
): Promise<Review> {
  const agent = await publishedAgent(deps, agentId);
  if (agent.owner_id === user.id) throw forbidden('You cannot review your own agent.');
  const { reviewId, notice } = await deps.db.kysely
    .transaction()
    .execute(async (trx) => {
      const existing = await trx
        .selectFrom('reviews')
        .select('id')
        .where('agent_id', '=', agentId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (existing) throw conflict('You have already reviewed this agent. Edit your review instead.');
      const priorReviews = await deps.reviews.countByUser(trx, user.id);
      const weight = reviewWeight({
        isOwner: false,
        emailVerified: user.email_verified === 1,
        accountAgeDays: (Date.now() - Date.parse(user.created_at)) / DAY_MS,
        priorReviews,
      });
      const now = nowIso();
      const inserted = await trx
        .insertInto('reviews')
        .values({
          agent_id: agentId,
          user_id: user.id,
          rating: input.rating,
          title: input.title,
          body: input.body,
          weight,
          helpful_count: 0,
          owner_reply: null,
          owner_reply_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await applyRatingChange(trx, agentId, { add: { rating: input.rating, weight } });
      const ownerNotice =
        agent.owner_id !== null
          ? await createNotification(deps.notifications, trx, {
              user_id: agent.owner_id,
              type: 'review',
              title: `New ${input.rating}-star review of ${agent.name}`,
              message: `${publicDisplayName(user)}: ${input.title ?? input.body.slice(0, 120)}`,
              link: `/agents/${agent.slug}#reviews`,
            })
          : null;
      return {
        reviewId: inserted.id,
        notice: ownerNotice ? { userId: agent.owner_id!, notification: ownerNotice } : null,
      };
    })
    .catch((error: unknown) => {
      // Two submissions racing: the unique index answers for the slower one.
      if (!(error instanceof AppError) && String(error).toLowerCase().includes('unique')) {
        throw conflict('You have already reviewed this agent. Edit your review instead.');
      }
      throw error;
    });
  afterWrite(deps, notice ? [notice] : []);
  return presentReview((await deps.reviews.findById(reviewId))!);
}

export async function updateReview(
  deps: ReviewWritesDeps,
  user: UserRow,
  reviewId: number,
  input: z.output<typeof updateReviewSchema>,
): Promise<Review> {
  const review = await loadReview(deps, reviewId);
  if (review.user_id !== user.id) throw notFound('Review not found');
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('reviews')
      .set({
        ...(input.rating !== undefined ? { rating: input.rating } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', reviewId)
      .execute();
    if (input.rating !== undefined && input.rating !== review.rating) {
      await applyRatingChange(trx, review.agent_id, {
        remove: { rating: review.rating, weight: review.weight },
        add: { rating: input.rating, weight: review.weight },
      });
    }
  });
  afterWrite(deps, []);
  return presentReview((await deps.reviews.findById(reviewId))!);
}

/** The author deletes their review; an admin may delete any (moderation). */
export async function deleteReview(deps: ReviewWritesDeps, user: UserRow, reviewId: number) {
  const review = await loadReview(deps, reviewId);
  if (review.user_id !== user.id && user.role !== 'admin') throw notFound('Review not found');
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('reviews').where('id', '=', reviewId).execute();
    await applyRatingChange(trx, review.agent_id, {
      remove: { rating: review.rating, weight: review.weight },
    });
  });
  afterWrite(deps, []);
}

/** The agent's owner answers a review, once. */
export async function replyToReview(
  deps: ReviewWritesDeps,
  user: UserRow,
  reviewId: number,
  body: string,
): Promise<Review> {
  const review = await loadReview(deps, reviewId);
  const agent = await publishedAgent(deps, review.agent_id);
  if (agent.owner_id !== user.id) throw forbidden('Only the owner of this agent can reply to its reviews.');
  if (review.owner_reply) throw conflict('You have already replied to this review.');
  const notice = await deps.db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('reviews')
      .set({ owner_reply: body, owner_reply_at: nowIso() })
      .where('id', '=', reviewId)
      .where('owner_reply', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('You have already replied to this review.');
    return createNotification(deps.notifications, trx, {
      user_id: review.user_id,
      type: 'review',
      title: `The owner of ${agent.name} replied to your review`,
      message: body.slice(0, 200),
      link: `/agents/${agent.slug}#reviews`,
    });
  });
  afterWrite(deps, [{ userId: review.user_id, notification: notice }]);
  return presentReview((await deps.reviews.findById(reviewId))!);
}

/** One "helpful" vote per person and review; not on your own review. */
export async function voteHelpful(deps: ReviewWritesDeps, user: UserRow, reviewId: number) {
  const review = await loadReview(deps, reviewId);
  if (review.user_id === user.id) throw forbidden('You cannot vote on your own review.');
  const helpfulCount = await deps.db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('review_votes')
      .values({ review_id: reviewId, user_id: user.id, created_at: nowIso() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0)
      throw conflict('You already found this review helpful.');
    const updated = await trx
      .updateTable('reviews')
      .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
      .where('id', '=', reviewId)
      .returning('helpful_count')
      .executeTakeFirstOrThrow();
    return updated.helpful_count;
  });
  afterWrite(deps, []);
  return { helpfulCount, votedHelpful: true };
}

export async function reportContent(
  deps: ReviewWritesDeps,
  user: UserRow,
  target: { agentId: number } | { reviewId: number },
  input: z.output<typeof reportSchema>,
) {
  let agentId: number;
  let reviewId: number | null = null;
  if ('reviewId' in target) {
    const review = await loadReview(deps, target.reviewId);
    agentId = review.agent_id;
    reviewId = review.id;
  } else {
    agentId = (await publishedAgent(deps, target.agentId)).id;
  }
  const open = await deps.db.kysely
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', user.id)
    .where('agent_id', '=', agentId)
    .where('review_id', reviewId === null ? 'is' : '=', reviewId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) throw conflict('You have already reported this. Our moderators will look at it.');
  const report = await deps.db.kysely
    .insertInto('reports')
    .values({
      reporter_id: user.id,
      agent_id: agentId,
      review_id: reviewId,
      reason: input.reason,
      details: input.details,
      status: 'open',
      created_at: nowIso(),
      resolved_at: null,
      resolved_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: report.id, status: 'open' as const };
}
