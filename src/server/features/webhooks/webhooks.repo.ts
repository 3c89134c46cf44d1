import type { WebhookEvent } from '../../../shared/api/webhooks.js';
import type { Db, Executor } from '../../db/database.js';
import { readWebhookEvents } from '../../db/json-columns.js';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.js';

/** Webhook subscriptions, their deliveries (an outbox the dispatcher empties) and the attempts' log. */
export function createWebhooksRepo(db: Db) {
  const k = db.kysely;

  const withAgent = (trx: Executor) =>
    trx
      .selectFrom('webhooks')
      .leftJoin('agents', 'agents.id', 'webhooks.agent_id')
      .selectAll('webhooks')
      .select(['agents.slug as agent_slug', 'agents.name as agent_name']);

  return {
    async insert(
      webhook: {
        userId: number;
        agentId: number | null;
        url: string;
        events: string;
        secret: string;
        at: string;
      },
      trx: Executor = k,
    ): Promise<WebhookRow> {
      return trx
        .insertInto('webhooks')
        .values({
          user_id: webhook.userId,
          agent_id: webhook.agentId,
          url: webhook.url,
          events: webhook.events,
          secret: webhook.secret,
          created_at: webhook.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async countByUser(userId: number, trx: Executor = k): Promise<number> {
      const row = await trx
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listByUser(userId: number) {
      return withAgent(k).where('webhooks.user_id', '=', userId).orderBy('webhooks.id').execute();
    },

    /** A webhook of this user's (another's is "not found"). */
    async findOwned(userId: number, webhookId: number, trx: Executor = k) {
      return (
        (await withAgent(trx)
          .where('webhooks.id', '=', webhookId)
          .where('webhooks.user_id', '=', userId)
          .executeTakeFirst()) ?? null
      );
    },

    async findById(webhookId: number, trx: Executor = k): Promise<WebhookRow | null> {
      return (
        (await trx.selectFrom('webhooks').selectAll().where('id', '=', webhookId).executeTakeFirst()) ?? null
      );
    },

    async remove(userId: number, webhookId: number): Promise<boolean> {
      const result = await k
        .deleteFrom('webhooks')
        .where('id', '=', webhookId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async setStatus(
      webhookId: number,
      change: { status: 'active' | 'disabled'; reason: string | null; failingSince: string | null },
      trx: Executor = k,
    ) {
      await trx
        .updateTable('webhooks')
        .set({ status: change.status, disabled_reason: change.reason, failing_since: change.failingSince })
        .where('id', '=', webhookId)
        .execute();
    },

    /** Notes a failure: the first of a run starts `failing_since`; later ones leave it. */
    async noteFailure(webhookId: number, at: string, trx: Executor = k) {
      await trx
        .updateTable('webhooks')
        .set({ failing_since: at })
        .where('id', '=', webhookId)
        .where('failing_since', 'is', null)
        .execute();
    },

    async noteSuccess(webhookId: number, trx: Executor = k) {
      await trx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', webhookId).execute();
    },

    /** Active webhooks of an owner that take this event, for this agent or for all of the owner's agents. */
    async findSubscribed(ownerId: number, agentId: number, event: WebhookEvent, trx: Executor = k) {
      const rows = await trx
        .selectFrom('webhooks')
        .select(['id', 'events'])
        .where('user_id', '=', ownerId)
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('agent_id', 'is', null), eb('agent_id', '=', agentId)]))
        .execute();
      return rows.filter((row) => readWebhookEvents(row.events).includes(event)).map((row) => row.id);
    },

    async insertDeliveries(
      deliveries: Array<{ webhookId: number; messageId: string; event: string; payload: string; at: string }>,
      trx: Executor = k,
    ): Promise<WebhookDeliveryRow[]> {
      if (deliveries.length === 0) return [];
      return trx
        .insertInto('webhook_deliveries')
        .values(
          deliveries.map((delivery) => ({
            webhook_id: delivery.webhookId,
            message_id: delivery.messageId,
            event: delivery.event,
            payload: delivery.payload,
            next_attempt_at: delivery.at,
            created_at: delivery.at,
          })),
        )
        .returningAll()
        .execute();
    },

    async findDelivery(webhookId: number, deliveryId: number): Promise<WebhookDeliveryRow | null> {
      return (
        (await k
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('id', '=', deliveryId)
          .where('webhook_id', '=', webhookId)
          .executeTakeFirst()) ?? null
      );
    },

    /** The newest deliveries of a webhook (or the one named) with their attempts, newest first. */
    async listDeliveries(webhookId: number, options: { limit: number; deliveryId?: number }) {
      const { limit, deliveryId } = options;
      const deliveries = await k
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .$if(deliveryId !== undefined, (query) => query.where('id', '=', deliveryId!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const attempts =
        deliveries.length === 0
          ? []
          : await k
              .selectFrom('webhook_attempts')
              .selectAll()
              .where(
                'delivery_id',
                'in',
                deliveries.map((delivery) => delivery.id),
              )
              .orderBy('id')
              .execute();
      return { deliveries, attempts };
    },

    /**
     * Leases up to `limit` pending deliveries that are due and held by no other instance.
     * PostgreSQL skips rows another instance is leasing at that moment; SQLite has one writer.
     */
    async leaseDue(options: {
      now: string;
      leaseUntil: string;
      limit: number;
    }): Promise<WebhookDeliveryRow[]> {
      const due = k
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', options.now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', options.now)]))
        .orderBy('next_attempt_at')
        .limit(options.limit);
      return k
        .updateTable('webhook_deliveries')
        .set({ lease_until: options.leaseUntil })
        .where('id', 'in', db.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .execute();
    },

    async recordAttempt(
      attempt: {
        deliveryId: number;
        at: string;
        statusCode: number | null;
        durationMs: number;
        error: string | null;
      },
      outcome: { status: 'delivered' } | { status: 'pending'; nextAttemptAt: string } | { status: 'failed' },
      trx: Executor = k,
    ) {
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: attempt.deliveryId,
          attempted_at: attempt.at,
          status_code: attempt.statusCode,
          duration_ms: attempt.durationMs,
          error: attempt.error,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          next_attempt_at: outcome.status === 'pending' ? outcome.nextAttemptAt : null,
          delivered_at: outcome.status === 'delivered' ? attempt.at : null,
          lease_until: null,
        })
        .where('id', '=', attempt.deliveryId)
        .execute();
    },

    /** How many attempts a delivery has had, and when the first was. */
    async attemptsSoFar(deliveryId: number, trx: Executor = k) {
      const row = await trx
        .selectFrom('webhook_attempts')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('attempted_at').as('first')])
        .where('delivery_id', '=', deliveryId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), first: row.first as string | null };
    },

    /** A disabled webhook's waiting deliveries will not be sent: they end as failed. */
    async failPending(webhookId: number, trx: Executor = k) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, lease_until: null })
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
