import type { ReviewListQuery, ReviewListResponse } from '../../../shared/api/reviews.js';
import type { Db } from '../../db/database.js';
import type { AgentDetailRow, AgentsRepo } from '../agents/agents.repo.js';
import { presentReview } from './reviews.presenter.js';
import type { ReviewsRepo } from './reviews.repo.js';

export interface ReviewsServiceDeps {
  db: Db;
  agents: AgentsRepo;
  reviews: ReviewsRepo;
}

/** GET /api/agents/{id}/reviews: the count comes from the agent's maintained counter, not a scan. */
export async function listReviews(
  deps: ReviewsServiceDeps,
  agent: Pick<AgentDetailRow, 'id' | 'rating_count'>,
  query: ReviewListQuery,
): Promise<ReviewListResponse> {
  const totalCount = agent.rating_count;
  const offset = (query.page - 1) * query.limit;
  const rows =
    offset < totalCount
      ? await deps.reviews.findPage({ agentId: agent.id, sort: query.sort, limit: query.limit, offset })
      : [];
  return {
    reviews: rows.map(presentReview),
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    currentPage: query.page,
  };
}
