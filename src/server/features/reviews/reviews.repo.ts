import type { ReviewSort } from '../../../shared/api/reviews.js';
import type { Db, Executor } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { ReviewsTable, UserRow } from '../../db/schema.js';
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

    /** Adds the review and answers it with its author's public name, from the author's row at hand. */
    async insert(
      values: Insertable<ReviewsTable>,
      author: Pick<
        UserRow,
        'first_name' | 'last_name' | 'full_name' | 'username' | 'is_anonymous' | 'deleted_at'
      >,
      trx: Executor = k,
    ) {
      const row = await trx.insertInto('reviews').values(values).returningAll().executeTakeFirstOrThrow();
      return {
        ...row,
        first_name: author.first_name,
        last_name: author.last_name,
        full_name: author.full_name,
        username: author.username,
        is_anonymous: author.is_anonymous,
        deleted_at: author.deleted_at,
      };
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

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
export type ReviewRowWithAuthor = Awaited<ReturnType<ReviewsRepo['findPage']>>[number];
