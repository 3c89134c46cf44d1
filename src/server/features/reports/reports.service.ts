import type { z } from 'zod';
import type { AdminReport, ReportResponse, reportSchema } from '../../../shared/api/reports.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import type { AgentsRepo } from '../agents/agents.repo.js';
import { findPublishedAgentOr404 } from '../agents/agents.service.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { ReviewsRepo } from '../reviews/reviews.repo.js';
import { presentAdminReport } from './reports.presenter.js';
import type { ReportsRepo } from './reports.repo.js';
import { paths } from '../../../shared/routes.js';

export interface ReportsDeps {
  db: Db;
  reports: ReportsRepo;
  agents: AgentsRepo;
  reviews: ReviewsRepo;
  notifications: NotificationsDeps;
}

const QUEUE_LIMIT = 200;

/** Reports a published agent, or a review (of the agent it belongs to); one open report per person and target. */
export async function reportContent(
  deps: ReportsDeps,
  user: UserRow,
  target: { agentId: number } | { reviewId: number },
  input: z.output<typeof reportSchema>,
): Promise<ReportResponse> {
  let agentId: number;
  let reviewId: number | null = null;
  if ('reviewId' in target) {
    const review = await deps.reviews.findById(target.reviewId);
    if (!review) throw notFound('Review not found');
    agentId = review.agent_id;
    reviewId = review.id;
  } else {
    agentId = (await findPublishedAgentOr404(deps, target.agentId)).id;
  }
  const open = await deps.reports.findOpen({ reporterId: user.id, agentId, reviewId });
  if (open) throw conflict('You have already reported this. Our moderators will look at it.');
  const id = await deps.reports.insert({
    reporter_id: user.id,
    agent_id: agentId,
    review_id: reviewId,
    reason: input.reason,
    details: input.details,
    status: 'open',
    created_at: nowIso(),
    resolved_at: null,
    resolved_by: null,
  });
  return { id, status: 'open' as const };
}

export async function listReports(deps: ReportsDeps, status: AdminReport['status']): Promise<AdminReport[]> {
  return (await deps.reports.findQueue(status, QUEUE_LIMIT)).map(presentAdminReport);
}

/** Closes an open report and tells the person who reported it what became of it. */
export async function decideReport(
  deps: ReportsDeps,
  admin: UserRow,
  reportId: number,
  decision: 'resolved' | 'dismissed',
  note: string | null,
) {
  const { notification, reporterId } = await deps.db.kysely.transaction().execute(async (trx) => {
    const report = await deps.reports.findWithAgent(reportId, trx);
    if (!report) throw notFound('Report not found');
    const closed = await deps.reports.close(
      reportId,
      { status: decision, resolvedAt: nowIso(), resolvedBy: admin.id },
      trx,
    );
    if (!closed) throw conflict('This report has already been handled.');
    const subject =
      report.review_id !== null
        ? `your report of a review of ${report.name}`
        : `your report of ${report.name}`;
    const created = await createNotification(deps.notifications, trx, {
      user_id: report.reporter_id,
      type: 'report',
      title: decision === 'resolved' ? 'Thanks: your report was acted on' : 'Your report was reviewed',
      message:
        (decision === 'resolved'
          ? `Our moderators agreed with ${subject} and took action.`
          : `Our moderators looked at ${subject} and found no rule broken.`) + (note ? ` Note: ${note}` : ''),
      link: paths.agent.href(report.slug),
    });
    return { notification: created, reporterId: report.reporter_id };
  });
  deps.notifications.publish(reporterId, [notification]);
  return { id: reportId, status: decision };
}
