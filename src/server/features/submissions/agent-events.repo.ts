import type { AgentEvent } from '../../../shared/api/submissions.js';
import type { Executor } from '../../db/database.js';
import type { AgentEventsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

/** Adds one entry to an agent's timeline (/agent-status/{id}); call it in the transaction of the change. */
export async function recordAgentEvent(
  executor: Executor,
  event: {
    agentId: number;
    kind: AgentEventsTable['kind'];
    actor: AgentEventsTable['actor'];
    actorId: number | null;
    message?: string | null;
  },
): Promise<void> {
  await executor
    .insertInto('agent_events')
    .values({
      agent_id: event.agentId,
      kind: event.kind,
      actor: event.actor,
      actor_id: event.actorId,
      message: event.message ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** The agent's timeline, oldest first. */
export async function listAgentEvents(executor: Executor, agentId: number): Promise<AgentEvent[]> {
  const rows = await executor
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
}
