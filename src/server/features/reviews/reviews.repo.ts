import type { ReviewSort } from '../../../shared/api/reviews.js';
import type { Db, Executor } from '../../db/database.js';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { NotificationsTable, ReviewsTable, UserRow } from '../../db/schema.js';
import { agentCountersUpdate, siteCountersUpdate, type RatingChange } from './reputation.repo.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { PUBLIC_NAME_COLUMNS } from '../users/public-name.js';

interface ReviewPageValues extends Record<string, unknown> {
  agentId: number;
  limit: number;
  offset: number;
}

export function createReviewsRepo(db: Db) {
  const k = db.kysely;
  const withAuthor = (trx: Executor) =>
    trx
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.user_id')
      .select([
        'reviews.id',
        'reviews.agent_id',
        'reviews.user_id',
        'reviews.rating',
        'reviews.weight',
        'reviews.title',
        'reviews.body',
        'reviews.helpful_count',
        'reviews.owner_reply',
        'reviews.owner_reply_at',
        'reviews.created_at',
        'reviews.updated_at',
        ...PUBLIC_NAME_COLUMNS,
      ]);

  function pageOf(trx: Executor, sort: ReviewSort, values: ReviewPageValues) {
    let query = withAuthor(trx).where('reviews.agent_id', '=', values.agentId);
    switch (sort) {
      case 'newest':
        query = query.orderBy('reviews.created_at', 'desc');
        break;
      case 'highest':
        query = query.orderBy('reviews.rating', 'desc').orderBy('reviews.created_at', 'desc');
        break;
      case 'lowest':
        query = query.orderBy('reviews.rating', 'asc').orderBy('reviews.created_at', 'desc');
        break;
      case 'helpful':
        query = query.orderBy('reviews.helpful_count', 'desc').orderBy('reviews.created_at', 'desc');
        break;
    }
    return query.orderBy('reviews.id', 'desc').limit(values.limit).offset(values.offset);
  }
  const reviewsPage = preparedQuery(k, (sort: ReviewSort, values: ReviewPageValues) =>
    pageOf(k, sort, values),
  );
  const reviewIdByAuthorQuery = (trx: Executor, values: { agentId: number; userId: number }) =>
    trx
      .selectFrom('reviews')
      .select('id')
      .where('agent_id', '=', values.agentId)
      .where('user_id', '=', values.userId);
  // A signed-in person's agent page asks it each time (agents.service.ts getAgentViewer).
  const reviewIdByAuthor = preparedQuery(k, (_: null, values: { agentId: number; userId: number }) =>
    reviewIdByAuthorQuery(k, values),
  );

  return {
    async findById(id: number, trx: Executor = k) {
      return (await withAuthor(trx).where('reviews.id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The id of the person's review of the agent, or null when they have not reviewed it. */
    async findIdByAuthor(agentId: number, userId: number, trx: Executor = k): Promise<number | null> {
      const [row] =
        trx === k
          ? await reviewIdByAuthor.execute(null, { agentId, userId })
          : [await reviewIdByAuthorQuery(trx, { agentId, userId }).executeTakeFirst()];
      return row?.id ?? null;
    },

    async countByUser(userId: number, trx: Executor = k) {
      const row = await trx
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findPage(
      options: { agentId: number; sort: ReviewSort; limit: number; offset: number },
      trx: Executor = k,
    ) {
      const { sort, ...values } = options;
      if (trx === k) return reviewsPage.execute(sort, values);
      return pageOf(trx, sort, values).execute();
    },

    /**
     * Adds the review, moves its agent's rating counters and the site's, and inserts the owner's
     * notification, in the caller's transaction; answers the review with its author's public name (from
     * the author's row at hand), the agent's new sums and the site mean its score is computed with. On
     * PostgreSQL that is one statement (decision 0032); on SQLite four calls in this process.
     */
    async insertCounted(trx: Executor, input: NewReview) {
      const { values, change, notification } = input;
      const author = {
        first_name: input.author.first_name,
        last_name: input.author.last_name,
        full_name: input.author.full_name,
        username: input.author.username,
        is_anonymous: input.author.is_anonymous,
        deleted_at: input.author.deleted_at,
      };
      const noteValues = notification && { ...notification, read: 0, created_at: values.created_at };
      if (db.dialect === 'postgres') {
        const written = trx
          .with('inserted', (creator) => creator.insertInto('reviews').values(values).returningAll())
          .with('counters', (creator) => agentCountersUpdate(creator, values.agent_id, change))
          .with('site', (creator) => siteCountersUpdate(creator, change));
        const columns = [
          'counters.rating_count',
          'counters.rating_sum',
          'counters.weighted_rating_sum',
          'counters.weight_total',
          'counters.verified',
          'site.mean_snapshot',
        ] as const;
        const row = noteValues
          ? await written
              .with('notified', (creator) =>
                creator.insertInto('notifications').values(noteValues).returningAll(),
              )
              .selectFrom(['inserted', 'counters', 'site'])
              .selectAll('inserted')
              .select(columns)
              .select(
                sql<Selectable<NotificationsTable>>`(SELECT row_to_json(notified) FROM notified)`.as(
                  'notification',
                ),
              )
              .executeTakeFirstOrThrow()
          : await written
              .selectFrom(['inserted', 'counters', 'site'])
              .selectAll('inserted')
              .select(columns)
              .select(sql<null>`NULL`.as('notification'))
              .executeTakeFirstOrThrow();
        const {
          rating_count,
          rating_sum,
          weighted_rating_sum,
          weight_total,
          verified,
          mean_snapshot,
          ...rest
        } = row;
        const { notification: notified, ...review } = rest;
        return {
          review: { ...review, ...author },
          sums: { rating_count, rating_sum, weighted_rating_sum, weight_total, verified },
          siteMean: mean_snapshot,
          notification: notified,
        };
      }
      const review = await trx.insertInto('reviews').values(values).returningAll().executeTakeFirstOrThrow();
      const sums = await agentCountersUpdate(trx, values.agent_id, change).executeTakeFirstOrThrow();
      const site = await siteCountersUpdate(trx, change).executeTakeFirstOrThrow();
      const notified = noteValues
        ? await trx.insertInto('notifications').values(noteValues).returningAll().executeTakeFirstOrThrow()
        : null;
      return { review: { ...review, ...author }, sums, siteMean: site.mean_snapshot, notification: notified };
    },

    async update(
      id: number,
      changes: Partial<Pick<ReviewsTable, 'rating' | 'title' | 'body' | 'updated_at'>>,
      trx: Executor = k,
    ): Promise<void> {
      await trx.updateTable('reviews').set(changes).where('id', '=', id).execute();
    },

    async delete(id: number, trx: Executor = k): Promise<void> {
      await trx.deleteFrom('reviews').where('id', '=', id).execute();
    },

    /** Stores the owner's reply unless the review has one already; false when it had. */
    async setOwnerReply(id: number, reply: string, at: string, trx: Executor = k): Promise<boolean> {
      const result = await trx
        .updateTable('reviews')
        .set({ owner_reply: reply, owner_reply_at: at })
        .where('id', '=', id)
        .where('owner_reply', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records one person's "helpful" vote; false when they had voted already. */
    async insertHelpfulVote(
      reviewId: number,
      userId: number,
      at: string,
      trx: Executor = k,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('review_votes')
        .values({ review_id: reviewId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Adds one to the review's helpful counter and answers the new count. */
    async incrementHelpful(reviewId: number, trx: Executor = k): Promise<number> {
      const updated = await trx
        .updateTable('reviews')
        .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
        .where('id', '=', reviewId)
        .returning('helpful_count')
        .executeTakeFirstOrThrow();
      return updated.helpful_count;
    },
  };
}

export interface NewReview {
  values: Insertable<ReviewsTable>;
  author: Pick<
    UserRow,
    'first_name' | 'last_name' | 'full_name' | 'username' | 'is_anonymous' | 'deleted_at'
  >;
  change: RatingChange;
  notification: Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'link'> | null;
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
export type ReviewRowWithAuthor = Awaited<ReturnType<ReviewsRepo['findPage']>>[number];
