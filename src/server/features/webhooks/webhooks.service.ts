import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PER_USER,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEvent,
  type WebhookList,
  type createWebhookSchema,
} from '../../../shared/api/webhooks.js';
import type { Db, Executor } from '../../db/database.js';
import { readWebhookEvents } from '../../db/json-columns.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { endpointAddressProblem } from '../../lib/outbound-fetch.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { nowIso } from '../../lib/time.js';
import { findAuthorizedAgent, type AgentAccessDeps } from '../../policies/index.js';
import type { WebhooksRepo } from './webhooks.repo.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';

export interface WebhooksDeps extends AgentAccessDeps {
  db: Db;
  webhooks: WebhooksRepo;
  secretBox: SecretBox;
  /** Tests and local setups may deliver to private addresses (OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  publicUrl: string;
}

type WebhookWithAgent = NonNullable<Awaited<ReturnType<WebhooksRepo['findOwned']>>>;

function presentWebhook(row: WebhookWithAgent): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: readWebhookEvents(row.events),
    agent:
      row.agent_id !== null && row.agent_slug !== null && row.agent_name !== null
        ? { id: row.agent_id, slug: row.agent_slug, name: row.agent_name }
        : null,
    status: row.status,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}

/** A Standard Webhooks secret: "whsec_" and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
/** A message id (the webhook-id header), unique per event and receiver. */
const newMessageId = () => `msg_${randomBytes(16).toString('hex')}`;

async function ownedWebhook(deps: WebhooksDeps, user: UserRow, webhookId: number) {
  const row = await deps.webhooks.findOwned(user.id, webhookId);
  if (!row) throw notFound('Webhook not found');
  return row;
}

export async function listWebhooks(deps: WebhooksDeps, user: UserRow): Promise<WebhookList> {
  return { webhooks: (await deps.webhooks.listByUser(user.id)).map(presentWebhook) };
}

/** POST /api/user/webhooks: the secret is answered this once and kept sealed. */
export async function createWebhook(
  deps: WebhooksDeps,
  user: UserRow,
  input: z.output<typeof createWebhookSchema>,
): Promise<CreatedWebhook> {
  const problem = endpointAddressProblem(input.url, { allowPrivate: deps.allowPrivate });
  if (problem) throw invalid('Check the address and try again.', { url: [`The webhook address ${problem}`] });
  if (input.agentId !== null) await findAuthorizedAgent(deps, user, 'subscribe', input.agentId);
  const secret = newSecret();
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    if ((await deps.webhooks.countByUser(user.id, trx)) >= WEBHOOKS_PER_USER)
      throw conflict(`An account can have ${WEBHOOKS_PER_USER} webhooks. Remove one to add another.`);
    const row = await deps.webhooks.insert(
      {
        userId: user.id,
        agentId: input.agentId,
        url: input.url,
        events: JSON.stringify(input.events),
        secret: deps.secretBox.encrypt(secret),
        at: nowIso(),
      },
      trx,
    );
    return row.id;
  });
  return { ...presentWebhook((await deps.webhooks.findOwned(user.id, id))!), secret };
}

export async function deleteWebhook(deps: WebhooksDeps, user: UserRow, webhookId: number) {
  if (!(await deps.webhooks.remove(user.id, webhookId))) throw notFound('Webhook not found');
}

/** Turns a webhook that was turned off back on; its failures start counting afresh. */
export async function enableWebhook(deps: WebhooksDeps, user: UserRow, webhookId: number): Promise<Webhook> {
  await ownedWebhook(deps, user, webhookId);
  await deps.webhooks.setStatus(webhookId, { status: 'active', reason: null, failingSince: null });
  return presentWebhook(await ownedWebhook(deps, user, webhookId));
}

function presentDeliveries(listed: Awaited<ReturnType<WebhooksRepo['listDeliveries']>>): WebhookDelivery[] {
  return listed.deliveries.map((delivery) => ({
    id: delivery.id,
    messageId: delivery.message_id,
    event: delivery.event,
    status: delivery.status,
    nextAttemptAt: delivery.next_attempt_at,
    createdAt: delivery.created_at,
    deliveredAt: delivery.delivered_at,
    attempts: listed.attempts
      .filter((attempt) => attempt.delivery_id === delivery.id)
      .map((attempt) => ({
        at: attempt.attempted_at,
        statusCode: attempt.status_code,
        durationMs: attempt.duration_ms,
        error: attempt.error,
      })),
  }));
}

export async function listDeliveries(
  deps: WebhooksDeps,
  user: UserRow,
  webhookId: number,
): Promise<WebhookDeliveryList> {
  await ownedWebhook(deps, user, webhookId);
  return {
    deliveries: presentDeliveries(
      await deps.webhooks.listDeliveries(webhookId, { limit: WEBHOOK_DELIVERIES_SHOWN }),
    ),
  };
}

async function deliveryAnswer(deps: WebhooksDeps, webhookId: number, deliveryId: number) {
  const [delivery] = presentDeliveries(
    await deps.webhooks.listDeliveries(webhookId, { limit: 1, deliveryId }),
  );
  return delivery!;
}

/** The JSON body of every delivery: Standard Webhooks' recommended { type, timestamp, data }. */
function payloadOf(event: string, at: string, data: Record<string, unknown>) {
  return JSON.stringify({ type: event, timestamp: at, data });
}

/** POST …/test: a webhook.test message, sent like any other (signed, logged, retried). */
export async function sendTestEvent(deps: WebhooksDeps, user: UserRow, webhookId: number) {
  const webhook = await ownedWebhook(deps, user, webhookId);
  if (webhook.status !== 'active') throw conflict('Turn the webhook on before sending it a test event.');
  const at = nowIso();
  const [delivery] = await deps.webhooks.insertDeliveries([
    {
      webhookId,
      messageId: newMessageId(),
      event: WEBHOOK_TEST_EVENT,
      payload: payloadOf(WEBHOOK_TEST_EVENT, at, {
        webhook: { id: webhookId, url: webhook.url },
        message: 'A test event from AgentAtlas: your endpoint is reachable and can check signatures.',
      }),
      at,
    },
  ]);
  return deliveryAnswer(deps, webhookId, delivery!.id);
}

/** POST …/deliveries/{id}/resend: the same message (id and body) once more, as a new delivery. */
export async function resendDelivery(
  deps: WebhooksDeps,
  user: UserRow,
  webhookId: number,
  deliveryId: number,
) {
  const webhook = await ownedWebhook(deps, user, webhookId);
  if (webhook.status !== 'active') throw conflict('Turn the webhook on before sending a delivery again.');
  const original = await deps.webhooks.findDelivery(webhookId, deliveryId);
  if (!original) throw notFound('Delivery not found');
  const [delivery] = await deps.webhooks.insertDeliveries([
    {
      webhookId,
      messageId: original.message_id,
      event: original.event,
      payload: original.payload,
      at: nowIso(),
    },
  ]);
  return deliveryAnswer(deps, webhookId, delivery!.id);
}

/** What a service needs to raise an event. */
export type WebhookEventsDeps = Pick<WebhooksDeps, 'webhooks' | 'publicUrl'>;

/** The agent an event is about, as every payload names it. */
export interface WebhookSubject {
  id: number;
  slug: string;
  name: string;
  owner_id: number | null;
}

/**
 * Queues an event for the owner's subscribed webhooks, in the caller's transaction: the event and its
 * deliveries are written together or not at all, and the dispatcher sends them after the commit, so
 * the request that raised the event never waits on a receiver.
 */
export async function raiseWebhookEvent(
  deps: WebhookEventsDeps,
  trx: Executor,
  event: { type: WebhookEvent; agent: WebhookSubject; data: Record<string, unknown> },
): Promise<void> {
  await queueWebhookEvent(deps, trx, event, await findSubscribedWebhooks(deps, event, trx));
}

/** The owner's webhooks subscribed to this event of this agent (none for an agent nobody owns). */
export async function findSubscribedWebhooks(
  deps: WebhookEventsDeps,
  event: { type: WebhookEvent; agent: WebhookSubject },
  executor?: Executor,
): Promise<number[]> {
  if (event.agent.owner_id === null) return [];
  return deps.webhooks.findSubscribed(event.agent.owner_id, event.agent.id, event.type, executor);
}

/**
 * raiseWebhookEvent with the subscribed webhooks read beforehand (beside the other reads of a write
 * that wants its transaction short, as a new review does).
 */
export async function queueWebhookEvent(
  deps: WebhookEventsDeps,
  trx: Executor,
  event: { type: WebhookEvent; agent: WebhookSubject; data: Record<string, unknown> },
  webhookIds: readonly number[],
): Promise<void> {
  if (webhookIds.length === 0) return;
  const at = nowIso();
  const payload = payloadOf(event.type, at, {
    agent: {
      id: event.agent.id,
      slug: event.agent.slug,
      name: event.agent.name,
      url: absoluteUrl(deps.publicUrl, paths.agent.href(event.agent.slug)),
    },
    ...event.data,
  });
  await deps.webhooks.insertDeliveries(
    webhookIds.map((webhookId) => ({ webhookId, messageId: newMessageId(), event: event.type, payload, at })),
    trx,
  );
}
