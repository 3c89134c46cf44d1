import type { ReviewSort } from '../../../shared/api/agents.js';
import type { Db } from '../../db/database.js';

export function createReviewsRepo(db: Db) {
  const k = db.kysely;
  return {
    async findPage(options: { agentId: number; sort: ReviewSort; limit: number; offset: number }) {
      let query = k
        .selectFrom('reviews')
        .innerJoin('users', 'users.id', 'reviews.user_id')
        .where('reviews.agent_id', '=', options.agentId)
        .select([
          'reviews.id',
          'reviews.agent_id',
          'reviews.rating',
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
