import type { AdminReport } from '../../../shared/api/reports.js';
import { publicDisplayName } from '../users/public-name.js';
import type { ReportQueueRow } from './reports.repo.js';

export function presentAdminReport(row: ReportQueueRow): AdminReport {
  return {
    id: row.id,
    reason: row.reason as AdminReport['reason'],
    details: row.details,
    status: row.status,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
    agent: { id: row.agent_id, slug: row.agent_slug, name: row.agent_name },
    review:
      row.review_id !== null && row.review_body !== null && row.review_rating !== null
        ? { id: row.review_id, body: row.review_body, rating: row.review_rating }
        : null,
    reporter: { displayName: publicDisplayName(row) },
  };
}
