import type { Review } from '../../../shared/api/reviews.js';
import { publicDisplayName } from '../users/public-name.js';
import type { ReviewRowWithAuthor } from './reviews.repo.js';

export function presentReview(row: ReviewRowWithAuthor): Review {
  return {
    id: row.id,
    agentId: row.agent_id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: { displayName: publicDisplayName(row) },
    helpfulCount: row.helpful_count,
    ownerReply:
      row.owner_reply && row.owner_reply_at ? { body: row.owner_reply, createdAt: row.owner_reply_at } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
