import type { AdminReport } from '../../../shared/api/reports.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import { publicDisplayName } from '../users/public-name.js';

export interface ReportsDeps {
  db: Db;
  notifications: NotificationsDeps;
}

const QUEUE_LIMIT = 200;

export async function listReports(deps: ReportsDeps, status: AdminReport['status']): Promise<AdminReport[]> {
  const rows = await deps.db.kysely
    .selectFrom('reports')
    .innerJoin('agents', 'agents.id', 'reports.agent_id')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .leftJoin('reviews', 'reviews.id', 'reports.review_id')
    .select([
      'reports.id',
      'reports.reason',
      'reports.details',
      'reports.status',
      'reports.created_at',
      'reports.resolved_at',
      'agents.id as agent_id',
      'agents.slug as agent_slug',
      'agents.name as agent_name',
      'reviews.id as review_id',
      'reviews.body as review_body',
      'reviews.rating as review_rating',
      'users.first_name',
      'users.last_name',
      'users.full_name',
      'users.username',
      'users.is_anonymous',
      'users.deleted_at',
    ])
    .where('reports.status', '=', status)
    .orderBy('reports.created_at', status === 'open' ? 'asc' : 'desc')
    .limit(QUEUE_LIMIT)
    .execute();
  return rows.map((row) => ({
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
  }));
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
    const report = await trx
      .selectFrom('reports')
      .innerJoin('agents', 'agents.id', 'reports.agent_id')
      .select([
        'reports.id',
        'reports.status',
        'reports.reporter_id',
        'reports.review_id',
        'agents.name',
        'agents.slug',
      ])
      .where('reports.id', '=', reportId)
      .executeTakeFirst();
    if (!report) throw notFound('Report not found');
    const updated = await trx
      .updateTable('reports')
      .set({ status: decision, resolved_at: nowIso(), resolved_by: admin.id })
      .where('id', '=', reportId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict('This report has already been handled.');
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
      link: `/agents/${report.slug}`,
    });
    return { notification: created, reporterId: report.reporter_id };
  });
  deps.notifications.publish(reporterId, [notification]);
  return { id: reportId, status: decision };
}
