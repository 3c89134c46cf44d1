import { z } from 'zod';
import { ROW_ID_MAX, URL_MAX } from '../limits.js';

/**
 * Signed webhooks for owners. Deliveries follow the Standard Webhooks convention
 * (https://www.standardwebhooks.com): headers webhook-id, webhook-timestamp and webhook-signature
 * ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", keyed with the secret's base64 part).
 */
export const webhookEvents = [
  'review.created',
  'review.updated',
  'agent.status_changed',
  'agent.health_changed',
  'agent.tools_changed',
  'claim.lapsed',
  'advisory.published',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** What the "Send a test event" button sends; no subscription needed. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookEventLabels: Record<WebhookEvent, string> = {
  'review.created': 'A review is written',
  'review.updated': 'A review is edited',
  'agent.status_changed': 'A listing is published, rejected or back in review',
  'agent.health_changed': 'An endpoint starts failing or recovers',
  'agent.tools_changed':
    'An MCP server changes its tools (added, removed, renamed, described or shaped anew)',
  'claim.lapsed': 'An ownership claim lapses',
  'advisory.published': 'An advisory names the agent',
};

export const WEBHOOKS_PER_USER = 10;
/** Deliveries are retried, with growing gaps, for this long after the event. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A webhook whose deliveries have all failed for this long is turned off, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;
/** A receiver has this long to answer; an answer later counts as a failure. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_DELIVERIES_SHOWN = 50;

const idParam = z.coerce.number().int().positive().max(ROW_ID_MAX);
export const webhookParamsSchema = z.object({ id: idParam });
export const webhookDeliveryParamsSchema = z.object({ id: idParam, deliveryId: idParam });

/** POST /api/user/webhooks */
export const createWebhookSchema = z.strictObject({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .max(URL_MAX, `url must be at most ${URL_MAX} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'url must be an http(s) address' })),
  events: z
    .array(z.enum(webhookEvents, { error: `each event must be one of ${webhookEvents.join(', ')}` }), {
      error: 'events must be a list',
    })
    .min(1, 'Choose at least one event')
    .transform((events) => [...new Set(events)]),
  agentId: idParam.nullish().transform((value) => value ?? null),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const webhookStatuses = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  /** Only this agent's events; null for every agent the owner lists. */
  agent: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  status: z.enum(webhookStatuses),
  /** Why it was turned off, when it was. */
  disabledReason: z.string().nullable(),
  /** Since when every delivery has failed; null while the last one arrived. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to POST: the signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when it did not answer (the error says why). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The webhook-id header: the same for every attempt and a "send again" of this message. */
  messageId: z.string(),
  event: z.string(),
  status: z.enum(deliveryStatuses),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
