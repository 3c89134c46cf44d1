import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AgentEndpointRow } from '../../db/schema.js';

/** Conformance runs of MCP endpoints: their lease (one run at a time per endpoint) and latest result. */
export function createConformanceRepo(db: Db) {
  const k = db.kysely;

  return {
    /**
     * Takes the conformance lease of the endpoint unless a run holds it; answers the endpoint, or
     * undefined while another run (on this instance or another) holds it. With `dueBefore` (the
     * weekly run), only while the endpoint is still due: its last try before then. An instance that
     * found it due just before another ran it and let the lease go does not run it a second time.
     */
    async claim(options: {
      endpointId: number;
      now: string;
      leaseUntil: string;
      dueBefore?: string;
    }): Promise<AgentEndpointRow | undefined> {
      const { dueBefore } = options;
      let query = k
        .updateTable('agent_endpoints')
        .set({ conformance_lease_until: options.leaseUntil })
        .where('id', '=', options.endpointId)
        .where('kind', '=', 'mcp')
        .where((eb) =>
          eb.or([eb('conformance_lease_until', 'is', null), eb('conformance_lease_until', '<', options.now)]),
        );
      if (dueBefore !== undefined)
        query = query.where((eb) =>
          eb.or([eb('conformance_at', 'is', null), eb('conformance_at', '<', dueBefore)]),
        );
      return query.returningAll().executeTakeFirst();
    },

    /** The MCP endpoint tried longest ago (never tried first) whose last try is before `triedBefore`. */
    async findDue(options: { triedBefore: string; now: string }): Promise<AgentEndpointRow | undefined> {
      return (
        k
          .selectFrom('agent_endpoints')
          .selectAll()
          .where('kind', '=', 'mcp')
          .where((eb) =>
            eb.or([eb('conformance_at', 'is', null), eb('conformance_at', '<', options.triedBefore)]),
          )
          .where((eb) =>
            eb.or([
              eb('conformance_lease_until', 'is', null),
              eb('conformance_lease_until', '<', options.now),
            ]),
          )
          // Never tried first: both databases sort false before true.
          .orderBy(sql`conformance_at is not null`)
          .orderBy('conformance_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()
      );
    },

    /**
     * Ends a run and frees the lease: stores its result (JSON), or, with null, keeps the last one and
     * only notes the try (an address the guard refused), so the weekly run waits a week for the next.
     */
    async record(options: { endpointId: number; triedAt: string; result: string | null }): Promise<void> {
      await k
        .updateTable('agent_endpoints')
        .set({
          ...(options.result !== null ? { conformance: options.result } : {}),
          conformance_at: options.triedAt,
          conformance_lease_until: null,
        })
        .where('id', '=', options.endpointId)
        .execute();
    },

    /** Frees the lease without noting a try (the suite could not run here). */
    async release(endpointId: number): Promise<void> {
      await k
        .updateTable('agent_endpoints')
        .set({ conformance_lease_until: null })
        .where('id', '=', endpointId)
        .execute();
    },
  };
}

export type ConformanceRepo = ReturnType<typeof createConformanceRepo>;
