import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { ReportsTable } from '../../db/schema.js';
import { PUBLIC_NAME_COLUMNS } from '../users/public-name.js';

export function createReportsRepo(db: Db) {
  const k = db.kysely;
  return {
    /** A page of the moderators' queue: open reports oldest first, closed ones newest first. */
    async findQueue(status: ReportsTable['status'], limit: number, trx: Executor = k) {
      return trx
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
          ...PUBLIC_NAME_COLUMNS,
        ])
        .where('reports.status', '=', status)
        .orderBy('reports.created_at', status === 'open' ? 'asc' : 'desc')
        .limit(limit)
        .execute();
    },

    /** A report with the name and slug of the agent it is about. */
    async findWithAgent(id: number, trx: Executor = k) {
      return (
        (await trx
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
          .where('reports.id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    /** Closes a report that is still open; false when someone closed it first. */
    async close(
      id: number,
      decision: { status: 'resolved' | 'dismissed'; resolvedAt: string; resolvedBy: number },
      trx: Executor = k,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('reports')
        .set({ status: decision.status, resolved_at: decision.resolvedAt, resolved_by: decision.resolvedBy })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** The reporter's open report of this agent (or of this review of it), or null. */
    async findOpen(
      where: { reporterId: number; agentId: number; reviewId: number | null },
      trx: Executor = k,
    ): Promise<{ id: number } | null> {
      return (
        (await trx
          .selectFrom('reports')
          .select('id')
          .where('reporter_id', '=', where.reporterId)
          .where('agent_id', '=', where.agentId)
          .where('review_id', where.reviewId === null ? 'is' : '=', where.reviewId)
          .where('status', '=', 'open')
          .executeTakeFirst()) ?? null
      );
    },

    async insert(values: Insertable<ReportsTable>, trx: Executor = k): Promise<number> {
      const row = await trx.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
export type ReportQueueRow = Awaited<ReturnType<ReportsRepo['findQueue']>>[number];
