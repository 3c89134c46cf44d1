import type { FastifyBaseLogger } from 'fastify';
import { Webhook as Signer } from 'standardwebhooks';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
} from '../../../shared/api/webhooks.js';
import type { WebhookDeliveryRow } from '../../db/schema.js';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { Notification } from '../../../shared/api/notifications.js';
import type { WebhooksDeps } from './webhooks.service.js';
import { paths } from '../../../shared/routes.js';
import { webhookDeliveriesTotal } from '../../ops/ops-counters.js';

export interface DispatcherDeps extends WebhooksDeps {
  fetch: OutboundFetch;
  notifications: NotificationsDeps;
}

/** The first retry waits this long; each next one RETRY_GROWTH times longer, up to RETRY_GAP_MAX_MS. */
const RETRY_FIRST_GAP_MS = 10_000;
const RETRY_GROWTH = 3;
const RETRY_GAP_MAX_MS = 6 * 60 * 60 * 1000;
/** Longer than any attempt takes; a lease left by a stopped instance is taken over after it. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 6;
const BATCH = 16;
/** A receiver's answer is read up to this much and dropped. */
const ANSWER_MAX_BYTES = 64 * 1024;

/** The gap before retry number `retry` (1 for the first), with a tenth of jitter either way. */
export function retryGapMs(retry: number, random: () => number = Math.random): number {
  const gap = Math.min(RETRY_GAP_MAX_MS, RETRY_FIRST_GAP_MS * RETRY_GROWTH ** (retry - 1));
  return Math.round(gap * (0.9 + random() * 0.2));
}

/**
 * Sends the deliveries the services queued: signed the Standard Webhooks way, through the outbound
 * guard, retried with growing gaps for WEBHOOK_RETRY_WINDOW_MS; a webhook whose deliveries all fail for
 * WEBHOOK_DISABLE_AFTER_MS is turned off and its owner told. Deliveries are leased, so several
 * instances share the work and none is sent twice at once. `runOnce(now)` takes the clock, so tests
 * can move it.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  /** Runs go one after another, each with its own clock. */
  private queue: Promise<unknown> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly options: { pollMs?: number; log: Pick<FastifyBaseLogger, 'error'> },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.runOnce().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'webhook round failed'),
      );
    }, this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queue;
  }

  /** Sends what is due at `now` and answers how many attempts it made, after any run under way. */
  runOnce(now: number = Date.now()): Promise<number> {
    const run = this.queue.then(async () => {
      this.busy = true;
      try {
        return await this.sendDue(now);
      } finally {
        this.busy = false;
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async sendDue(now: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const leased = await this.deps.webhooks.leaseDue({
        now: new Date(now).toISOString(),
        leaseUntil: new Date(now + LEASE_MS).toISOString(),
        limit: BATCH,
      });
      if (leased.length === 0) return sent;
      await Promise.all(
        leased.map((delivery) =>
          this.attempt(delivery, now).catch((error: unknown) =>
            this.options.log.error({ err: error, delivery: delivery.id }, 'webhook attempt not recorded'),
          ),
        ),
      );
      sent += leased.length;
    }
  }

  private async attempt(delivery: WebhookDeliveryRow, now: number): Promise<void> {
    const { deps } = this;
    const webhook = await deps.webhooks.findById(delivery.webhook_id);
    if (!webhook || webhook.status !== 'active') {
      await deps.webhooks.failPending(delivery.webhook_id);
      return;
    }
    const at = new Date(now).toISOString();
    const signature = new Signer(deps.secretBox.decrypt(webhook.secret)).sign(
      delivery.message_id,
      new Date(now),
      delivery.payload,
    );
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await deps.fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(now / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.payload,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: ANSWER_MAX_BYTES,
        // A receiver answers where it was registered; a redirect is a failure to fix there.
        maxRedirects: 0,
      });
      statusCode = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof OutboundRefusal ? caught.message : 'The receiver could not be reached';
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    if (!delivered && statusCode !== null && statusCode >= 300 && statusCode < 400)
      error = `The receiver answered a redirect (HTTP ${statusCode}); webhooks do not follow redirects`;

    const windowEnd = Date.parse(delivery.created_at) + WEBHOOK_RETRY_WINDOW_MS;
    const givesUp = now >= windowEnd;
    const notices = await deps.db.kysely.transaction().execute(async (trx) => {
      const attempt = { deliveryId: delivery.id, at, statusCode, durationMs, error };
      if (delivered) {
        await deps.webhooks.recordAttempt(attempt, { status: 'delivered' }, trx);
        await deps.webhooks.noteSuccess(webhook.id, trx);
        return [];
      }
      const before = await deps.webhooks.attemptsSoFar(delivery.id, trx);
      await deps.webhooks.recordAttempt(
        attempt,
        givesUp
          ? { status: 'failed' }
          : {
              status: 'pending',
              nextAttemptAt: new Date(Math.min(windowEnd, now + retryGapMs(before.count + 1))).toISOString(),
            },
        trx,
      );
      await deps.webhooks.noteFailure(webhook.id, at, trx);
      const failingSince = (await deps.webhooks.findById(webhook.id, trx))?.failing_since ?? at;
      // A day of failures: nothing arrived for WEBHOOK_DISABLE_AFTER_MS, or this delivery failed every
      // attempt of its day-long window with nothing arriving since its first.
      const failedItsWindow = givesUp && failingSince <= (before.first ?? at);
      if (!failedItsWindow && now - Date.parse(failingSince) < WEBHOOK_DISABLE_AFTER_MS) return [];
      const host = new URL(webhook.url).host;
      const last = statusCode !== null ? `HTTP ${statusCode}` : (error ?? 'no answer');
      await deps.webhooks.setStatus(
        webhook.id,
        {
          status: 'disabled',
          reason: `Every delivery failed for a day (the last: ${last}), so it was turned off.`,
          failingSince,
        },
        trx,
      );
      await deps.webhooks.failPending(webhook.id, trx);
      const notice: Notification = await createNotification(deps.notifications, trx, {
        user_id: webhook.user_id,
        type: 'system',
        title: `Your webhook to ${host} was turned off`,
        message: `Every delivery to ${webhook.url} failed for a day (the last: ${last}). Fix the receiver, then turn the webhook on again in your settings.`,
        link: paths.settings.href({ section: 'webhooks' }),
      });
      return [notice];
    });
    webhookDeliveriesTotal.inc({ outcome: delivered ? 'delivered' : givesUp ? 'failed' : 'retrying' });
    if (notices.length > 0) deps.notifications.publish(webhook.user_id, notices);
  }
}
