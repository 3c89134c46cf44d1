import type { Db } from '../db/database.js';

/** The depths of the database's work queues, for the metrics scrape. */
export function createOpsRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Webhook deliveries waiting to be sent (the outbox), and those of them due by `now`. */
    async countPendingDeliveries(now: string): Promise<{ pending: number; due: number }> {
      const row = await k
        .selectFrom('webhook_deliveries')
        .select((eb) => [
          eb.fn.countAll<number>().as('pending'),
          eb.fn.sum<number>(eb.case().when('next_attempt_at', '<=', now).then(1).else(0).end()).as('due'),
        ])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending), due: Number(row.due ?? 0) };
    },

    /** Endpoints whose next probe is due by `now`: a queue that grows when probing falls behind. */
    async countDueProbes(now: string): Promise<number> {
      const row = await k
        .selectFrom('agent_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('due'))
        .where('next_probe_at', '<=', now)
        .executeTakeFirstOrThrow();
      return Number(row.due);
    },
  };
}

export type OpsRepo = ReturnType<typeof createOpsRepo>;
