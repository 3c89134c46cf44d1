import type { ReviewSort } from '../../../shared/api/agents.js';
import type { Db, Executor } from '../../db/database.js';

export function createReviewsRepo(db: Db) {
  const k = db.kysely;
  const withAuthor = () =>
    k
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
        'users.first_name',
        'users.last_name',
        'users.full_name',
        'users.username',
        'users.is_anonymous',
        'users.deleted_at',
      ]);

  return {
    async findById(id: number) {
      return (await withAuthor().where('reviews.id', '=', id).executeTakeFirst()) ?? null;
    },

    async countByUser(executor: Executor, userId: number) {
      const row = await executor
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findPage(options: { agentId: number; sort: ReviewSort; limit: number; offset: number }) {
      let query = withAuthor().where('reviews.agent_id', '=', options.agentId);
      switch (options.sort) {
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
      return query.orderBy('reviews.id', 'desc').limit(options.limit).offset(options.offset).execute();
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
export type ReviewRowWithAuthor = Awaited<ReturnType<ReviewsRepo['findPage']>>[number];
