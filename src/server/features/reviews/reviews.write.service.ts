import type { z } from 'zod';
import type { createReviewSchema, Review, updateReviewSchema } from '../../../shared/api/reviews.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import {
  createNotification,
  presentNotification,
  type NotificationsDeps,
} from '../notifications/notifications.service.js';
import { findPublishedAgentOr404 } from '../agents/agents.service.js';
import { publicDisplayName } from '../users/public-name.js';
import type { Notification } from '../../../shared/api/notifications.js';
import { presentReview } from './reviews.presenter.js';
import {
  findSubscribedWebhooks,
  queueWebhookEvent,
  raiseWebhookEvent,
  type WebhookEventsDeps,
} from '../webhooks/webhooks.service.js';
import { reviewWeight } from '../../../shared/rules/reputation.js';
import type { ReputationRepo } from './reputation.repo.js';
import type { ReviewsServiceDeps } from './reviews.service.js';
import { paths } from '../../../shared/routes.js';
import { authorizeAgent, authorizeOwned } from '../../policies/index.js';

export interface ReviewWritesDeps extends ReviewsServiceDeps {
  reputation: ReputationRepo;
  notifications: NotificationsDeps;
  cache: ResponseCache;
  webhookEvents: WebhookEventsDeps;
}

const DAY_MS = 86_400_000;

async function loadReview(deps: ReviewWritesDeps, id: number) {
  const row = await deps.reviews.findById(id);
  if (!row) throw notFound('Review not found');
  return row;
}

/**
 * The agent's reviews (and, when the rating moved, its page) are dropped at once; the listing cards
 * showing it and the orders by rating and by reviews of its category settle within a second
 * (docs/decisions/0014-targeted-cache-invalidation.md).
 */
async function afterWrite(
  deps: ReviewWritesDeps,
  change: { agentId: number; ratingMoved: boolean; categorySlug?: string },
  notices: Array<{ userId: number; notification: Notification }>,
) {
  if (change.ratingMoved) {
    deps.cache.invalidate([cacheTags.reviews(change.agentId), cacheTags.agent(change.agentId)]);
    const categorySlug =
      change.categorySlug ?? (await deps.agents.findDetail({ id: change.agentId }))?.category_slug;
    deps.cache.touch(
      categorySlug !== undefined
        ? [cacheTags.listed(change.agentId), ...cacheTags.rankingsMovedByRating(categorySlug)]
        : [cacheTags.listings],
    );
  } else {
    deps.cache.invalidate([cacheTags.reviews(change.agentId)]);
  }
  for (const notice of notices) deps.notifications.publish(notice.userId, [notice.notification]);
}

/**
 * One review per person and agent (the unique index answers a second one); never on your own agent.
 * What the weight and the webhooks need is read before the transaction, so the transaction is two statements
 * on PostgreSQL: the review with the counters and the notification, then the score and any deliveries.
 * The review is answered from what the insert returned.
 */
export async function createReview(
  deps: ReviewWritesDeps,
  user: UserRow,
  agentId: number,
  input: z.output<typeof createReviewSchema>,
): Promise<Review> {
  const agent = await findPublishedAgentOr404(deps, agentId);
  if (agent.owner_id === user.id) throw forbidden('You cannot review your own agent.');
  // Read outside the transaction: two reviews by one person at the same moment may both count as
  // their first, a difference of one in the weight's count of prior reviews.
  const [priorReviews, webhookIds] = await Promise.all([
    deps.reviews.countByUser(user.id),
    findSubscribedWebhooks(deps.webhookEvents, { type: 'review.created', agent }),
  ]);
  const weight = reviewWeight({
    isOwner: false,
    emailVerified: user.email_verified === 1,
    accountAgeDays: (Date.now() - Date.parse(user.created_at)) / DAY_MS,
    priorReviews,
  });
  const now = nowIso();
  const { review, notice } = await deps.db.kysely
    .transaction()
    .execute(async (trx) => {
      const written = await deps.reviews.insertCounted(trx, {
        values: {
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
        },
        author: user,
        change: { add: { rating: input.rating, weight } },
        notification:
          agent.owner_id !== null
            ? {
                user_id: agent.owner_id,
                type: 'review',
                title: `New ${input.rating}-star review of ${agent.name}`,
                message: `${publicDisplayName(user)}: ${input.title ?? input.body.slice(0, 120)}`,
                link: paths.agent.href(agent.slug, { section: 'reviews' }),
              }
            : null,
      });
      await deps.reputation.writeScore(agentId, written.sums, written.siteMean, trx);
      const presented = presentReview(written.review);
      await queueWebhookEvent(
        deps.webhookEvents,
        trx,
        { type: 'review.created', agent, data: { review: presented } },
        webhookIds,
      );
      return {
        review: presented,
        notice:
          written.notification && agent.owner_id !== null
            ? { userId: agent.owner_id, notification: presentNotification(written.notification) }
            : null,
      };
    })
    .catch((error: unknown) => {
      // Two submissions, or a second one: the unique index answers.
      if (isUniqueViolation(error)) {
        throw conflict('You have already reviewed this agent. Edit your review instead.');
      }
      throw error;
    });
  await afterWrite(
    deps,
    { agentId, ratingMoved: true, categorySlug: agent.category_slug },
    notice ? [notice] : [],
  );
  return review;
}

export async function updateReview(
  deps: ReviewWritesDeps,
  user: UserRow,
  reviewId: number,
  input: z.output<typeof updateReviewSchema>,
): Promise<Review> {
  const review = authorizeOwned(
    user,
    'edit-review',
    await loadReview(deps, reviewId),
    (row) => row.user_id,
    'Review not found',
  );
  await deps.db.kysely.transaction().execute(async (trx) => {
    await deps.reviews.update(
      reviewId,
      {
        ...(input.rating !== undefined ? { rating: input.rating } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        updated_at: nowIso(),
      },
      trx,
    );
    if (input.rating !== undefined && input.rating !== review.rating) {
      await deps.reputation.applyRatingChange(
        review.agent_id,
        {
          remove: { rating: review.rating, weight: review.weight },
          add: { rating: input.rating, weight: review.weight },
        },
        trx,
      );
    }
    const agent = await deps.agents.findDetail({ id: review.agent_id }, trx);
    if (agent?.status === 'published')
      await raiseWebhookEvent(deps.webhookEvents, trx, {
        type: 'review.updated',
        agent,
        data: { review: presentReview((await deps.reviews.findById(reviewId, trx))!) },
      });
  });
  await afterWrite(
    deps,
    { agentId: review.agent_id, ratingMoved: input.rating !== undefined && input.rating !== review.rating },
    [],
  );
  return presentReview((await deps.reviews.findById(reviewId))!);
}

/** The author deletes their review; an admin may delete any (moderation). */
export async function deleteReview(deps: ReviewWritesDeps, user: UserRow, reviewId: number) {
  const review = authorizeOwned(
    user,
    'delete-review',
    await loadReview(deps, reviewId),
    (row) => row.user_id,
    'Review not found',
  );
  await deps.db.kysely.transaction().execute(async (trx) => {
    await deps.reviews.delete(reviewId, trx);
    await deps.reputation.applyRatingChange(
      review.agent_id,
      { remove: { rating: review.rating, weight: review.weight } },
      trx,
    );
  });
  await afterWrite(deps, { agentId: review.agent_id, ratingMoved: true }, []);
}

/** The agent's owner answers a review, once. */
export async function replyToReview(
  deps: ReviewWritesDeps,
  user: UserRow,
  reviewId: number,
  body: string,
): Promise<Review> {
  const review = await loadReview(deps, reviewId);
  // Someone else's agent answers as if the review were not there.
  const agent = authorizeAgent(
    user,
    'reply',
    await deps.agents.findDetail({ id: review.agent_id }),
    'Review not found',
  );
  if (review.owner_reply) throw conflict('You have already replied to this review.');
  const notice = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await deps.reviews.setOwnerReply(reviewId, body, nowIso(), trx)))
      throw conflict('You have already replied to this review.');
    return createNotification(deps.notifications, trx, {
      user_id: review.user_id,
      type: 'review',
      title: `The owner of ${agent.name} replied to your review`,
      message: body.slice(0, 200),
      link: paths.agent.href(agent.slug, { section: 'reviews' }),
    });
  });
  await afterWrite(deps, { agentId: review.agent_id, ratingMoved: false }, [
    { userId: review.user_id, notification: notice },
  ]);
  return presentReview((await deps.reviews.findById(reviewId))!);
}

/** One "helpful" vote per person and review; not on your own review. */
export async function voteHelpful(deps: ReviewWritesDeps, user: UserRow, reviewId: number) {
  const review = await loadReview(deps, reviewId);
  if (review.user_id === user.id) throw forbidden('You cannot vote on your own review.');
  const helpfulCount = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await deps.reviews.insertHelpfulVote(reviewId, user.id, nowIso(), trx)))
      throw conflict('You already found this review helpful.');
    return deps.reviews.incrementHelpful(reviewId, trx);
  });
  await afterWrite(deps, { agentId: review.agent_id, ratingMoved: false }, []);
  return { helpfulCount, votedHelpful: true };
}

/**
 * The daily refresh (shared/rules/reputation.ts): the site mean snapshot moves to today's mean and every
 * score is rewritten with it, in one transaction.
 */
export async function refreshSiteMean(deps: Pick<ReviewWritesDeps, 'db' | 'reputation' | 'cache'>) {
  await deps.db.kysely.transaction().execute((trx) => deps.reputation.refreshSiteMean(trx));
  deps.cache.invalidate();
}
