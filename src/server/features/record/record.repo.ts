import type { Db, Executor } from '../../db/database.js';
import type { AgentEventKind } from '../../../shared/api/submissions.js';
import type { AppealStatus } from '../../../shared/trust.js';

/** The agent_events kinds the public record shows; submissions and drafts stay between owner and admins. */
export const PUBLIC_EVENT_KINDS = [
  'approved',
  'revision_approved',
  'rejected',
  'revision_rejected',
  'verified',
  'unverified',
  'verification_lapsed',
  'claim_verified',
  'claim_lapsed',
  'claim_unchecked',
  'incident',
  'recovered',
  'tool_danger',
  'appealed',
  'appeal_upheld',
  'appeal_denied',
] as const satisfies readonly AgentEventKind[];
export type PublicEventKind = (typeof PUBLIC_EVENT_KINDS)[number];

/** The public record's sources, and appeals. */
export function createRecordRepo(db: Db) {
  const k = db.kysely;

  return {
    publicEvents(agentId: number) {
      return k
        .selectFrom('agent_events')
        .select(['id', 'kind', 'message', 'created_at'])
        .where('agent_id', '=', agentId)
        .where('kind', 'in', PUBLIC_EVENT_KINDS)
        .$narrowType<{ kind: PublicEventKind }>()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Reports an admin upheld: what was reported and when, never who reported it. */
    upheldReports(agentId: number) {
      return k
        .selectFrom('reports')
        .select(['id', 'reason', 'review_id', 'resolved_at'])
        .where('agent_id', '=', agentId)
        .where('status', '=', 'resolved')
        .where('resolved_at', 'is not', null)
        .execute();
    },

    async findEvent(eventId: number, trx: Executor = k) {
      return (
        (await trx
          .selectFrom('agent_events')
          .select(['id', 'agent_id', 'kind', 'message', 'created_at'])
          .where('id', '=', eventId)
          .executeTakeFirst()) ?? null
      );
    },

    /** The id of the agent's latest event of a kind, or null. */
    async latestEventId(agentId: number, kind: AgentEventKind, trx: Executor = k): Promise<number | null> {
      const row = await trx
        .selectFrom('agent_events')
        .select('id')
        .where('agent_id', '=', agentId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async appealedEventIds(agentId: number): Promise<Set<number>> {
      const rows = await k.selectFrom('appeals').select('event_id').where('agent_id', '=', agentId).execute();
      return new Set(rows.map((row) => row.event_id));
    },

    async insertAppeal(
      appeal: { agentId: number; userId: number; eventId: number; message: string; createdAt: string },
      trx: Executor,
    ): Promise<number> {
      const row = await trx
        .insertInto('appeals')
        .values({
          agent_id: appeal.agentId,
          user_id: appeal.userId,
          event_id: appeal.eventId,
          message: appeal.message,
          created_at: appeal.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Appeals with their listing and the decision appealed, newest first; `id` picks one. */
    listAppeals(filter: { status?: AppealStatus; id?: number; agentId?: number }, trx: Executor = k) {
      return trx
        .selectFrom('appeals as p')
        .innerJoin('agents as a', 'a.id', 'p.agent_id')
        .innerJoin('agent_events as e', 'e.id', 'p.event_id')
        .select([
          'p.id',
          'p.agent_id',
          'p.event_id',
          'p.message',
          'p.status',
          'p.created_at',
          'p.decided_at',
          'p.decision_note',
          'a.name as agent_name',
          'a.slug as agent_slug',
          'a.owner_id',
          'e.kind as event_kind',
          'e.message as event_message',
        ])
        .$if(filter.status !== undefined, (query) => query.where('p.status', '=', filter.status!))
        .$if(filter.id !== undefined, (query) => query.where('p.id', '=', filter.id!))
        .$if(filter.agentId !== undefined, (query) => query.where('p.agent_id', '=', filter.agentId!))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(200)
        .execute();
    },

    /** Decides a pending appeal; false when it was decided already (another admin, a second click). */
    async decideAppeal(
      id: number,
      decision: { status: Exclude<AppealStatus, 'pending'>; by: number; at: string; note: string | null },
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('appeals')
        .set({
          status: decision.status,
          decided_by: decision.by,
          decided_at: decision.at,
          decision_note: decision.note,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An upheld appeal of a rejection: the listing waits for review again. */
    async reopenRejected(agentId: number, at: string, trx: Executor): Promise<boolean> {
      const result = await trx
        .updateTable('agents')
        .set({ status: 'pending', rejection_reason: null, updated_at: at })
        .where('id', '=', agentId)
        .where('status', '=', 'rejected')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type RecordRepo = ReturnType<typeof createRecordRepo>;
export type AppealListRow = Awaited<ReturnType<RecordRepo['listAppeals']>>[number];
