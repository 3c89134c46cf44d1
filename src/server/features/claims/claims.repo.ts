import type { Db, Executor } from '../../db/database.js';
import type { ClaimRow } from '../../db/schema.js';
import type { ClaimMethod, ClaimStatus } from '../../../shared/trust.js';

export interface ClaimCheckWrite {
  status: ClaimStatus;
  checkedAt: string;
  verifiedAt: string | null;
  nextCheckAt: string | null;
  consecutiveFailures: number;
  detail: string;
  lapseEventId?: number | null;
  /** The last failed check that counted towards a lapse. */
  lastFailureAt: string | null;
  /** Since when checks could not be made on our side; null when this one could. */
  uncheckedSince: string | null;
}

/** Ownership claims: the evidence, its checks and the lease of the instance re-checking it. */
export function createClaimsRepo(db: Db) {
  const k = db.kysely;

  return {
    async insert(
      claim: { agentId: number; method: ClaimMethod; subject: string; token: string; createdAt: string },
      trx: Executor = k,
    ): Promise<ClaimRow> {
      return trx
        .insertInto('ownership_claims')
        .values({
          agent_id: claim.agentId,
          method: claim.method,
          subject: claim.subject,
          token: claim.token,
          created_at: claim.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(agentId: number, claimId: number, trx: Executor = k): Promise<ClaimRow | null> {
      return (
        (await trx
          .selectFrom('ownership_claims')
          .selectAll()
          .where('id', '=', claimId)
          .where('agent_id', '=', agentId)
          .executeTakeFirst()) ?? null
      );
    },

    async findSame(agentId: number, method: ClaimMethod, subject: string): Promise<ClaimRow | null> {
      return (
        (await k
          .selectFrom('ownership_claims')
          .selectAll()
          .where('agent_id', '=', agentId)
          .where('method', '=', method)
          .where('subject', '=', subject)
          .executeTakeFirst()) ?? null
      );
    },

    async findByLapseEvent(eventId: number, trx: Executor = k): Promise<ClaimRow | null> {
      return (
        (await trx
          .selectFrom('ownership_claims')
          .selectAll()
          .where('lapse_event_id', '=', eventId)
          .executeTakeFirst()) ?? null
      );
    },

    listForAgent(agentId: number, trx: Executor = k): Promise<ClaimRow[]> {
      return trx
        .selectFrom('ownership_claims')
        .selectAll()
        .where('agent_id', '=', agentId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async countActive(agentId: number, trx: Executor = k): Promise<number> {
      const row = await trx
        .selectFrom('ownership_claims')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('agent_id', '=', agentId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Stores a check's result; `expectStatus` makes it conditional, so a check that raced another
     * (or the owner removing the claim) changes nothing and answers false.
     */
    async recordCheck(
      claimId: number,
      expectStatus: ClaimStatus,
      write: ClaimCheckWrite,
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('ownership_claims')
        .set({
          status: write.status,
          checked_at: write.checkedAt,
          verified_at: write.verifiedAt,
          next_check_at: write.nextCheckAt,
          consecutive_failures: write.consecutiveFailures,
          detail: write.detail,
          last_failure_at: write.lastFailureAt,
          unchecked_since: write.uncheckedSince,
          lease_until: null,
          ...(write.lapseEventId !== undefined ? { lapse_event_id: write.lapseEventId } : {}),
        })
        .where('id', '=', claimId)
        .where('status', '=', expectStatus)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(agentId: number, claimId: number, trx: Executor = k): Promise<boolean> {
      const result = await trx
        .deleteFrom('ownership_claims')
        .where('id', '=', claimId)
        .where('agent_id', '=', agentId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Leases up to `limit` active claims due for their daily check that no other instance holds.
     * PostgreSQL skips rows another instance is leasing at that moment; SQLite has one writer.
     */
    async leaseDue(options: { now: string; leaseUntil: string; limit: number }): Promise<ClaimRow[]> {
      const due = k
        .selectFrom('ownership_claims')
        .select('id')
        .where('status', '=', 'active')
        .where('next_check_at', '<=', options.now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', options.now)]))
        .orderBy('next_check_at')
        .limit(options.limit);
      return k
        .updateTable('ownership_claims')
        .set({ lease_until: options.leaseUntil })
        .where('id', 'in', db.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .execute();
    },
  };
}

export type ClaimsRepo = ReturnType<typeof createClaimsRepo>;
