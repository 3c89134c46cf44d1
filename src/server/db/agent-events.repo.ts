import type { AgentEvent } from '../../shared/api/submissions.js';
import type { Db, Executor } from './database.js';
import type { AgentEventsTable } from './schema.js';
import { nowIso } from '../lib/time.js';

export interface NewAgentEvent {
  agentId: number;
  kind: AgentEventsTable['kind'];
  actor: AgentEventsTable['actor'];
  actorId: number | null;
  message?: string | null;
}

/**
 * An agent's timeline (/agent-status/{id}): submissions, edits, decisions, badge changes. It lives in
 * db/ rather than in a feature because seven features (submissions, owner-agents, admin, claims, probes,
 * record, imports) write to it.
 */
export function createAgentEventsRepo(db: Db) {
  return {
    /** Adds one entry and answers its id; pass the transaction of the change it records. */
    async record(event: NewAgentEvent, trx: Executor = db.kysely): Promise<number> {
      const row = await trx
        .insertInto('agent_events')
        .values({
          agent_id: event.agentId,
          kind: event.kind,
          actor: event.actor,
          actor_id: event.actorId,
          message: event.message ?? null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The agent's timeline, oldest first. */
    async listForAgent(agentId: number, trx: Executor = db.kysely): Promise<AgentEvent[]> {
      const rows = await trx
        .selectFrom('agent_events')
        .select(['id', 'kind', 'actor', 'message', 'created_at'])
        .where('agent_id', '=', agentId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        actor: row.actor,
        message: row.message,
        createdAt: row.created_at,
      }));
    },
  };
}

export type AgentEventsRepo = ReturnType<typeof createAgentEventsRepo>;
