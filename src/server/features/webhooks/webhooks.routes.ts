import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookSchema,
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
} from '../../../shared/api/webhooks.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  sendTestEvent,
} from './webhooks.service.js';

/** Each test or "send again" is a request to the owner's server: enough to debug, not to flood. */
const SENDS_PER_HOUR = 60;
const CREATES_PER_HOUR = 20;

/** Owners' signed webhooks: managed on /settings. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.webhooks;
  const perPerson = (name: string, max: number) =>
    app.rateLimits.perKey(name, max, '1 hour', (request) =>
      request.user ? String(request.user.id) : undefined,
    );
  const tags = ['webhooks'];

  app.get(
    '/api/user/webhooks',
    {
      schema: {
        tags,
        summary: 'Your webhooks: address, events, the agent they follow, and whether they are on',
        response: { 200: webhookListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listWebhooks(deps, app.requireUser(request)),
  );

  app.post(
    '/api/user/webhooks',
    {
      preHandler: perPerson('webhook-create', CREATES_PER_HOUR),
      schema: {
        tags,
        summary: 'Add a webhook; the answer carries its signing secret, shown this once',
        description:
          'Deliveries are POSTs of `{ type, timestamp, data }` signed the Standard Webhooks way: headers ' +
          '`webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of ' +
          '"<id>.<timestamp>.<body>">`, keyed with the base64 part of the secret after `whsec_`.',
        ...ownerOnly('subscribe', { in: 'body', name: 'agentId' }),
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(deps, app.requireUser(request), request.body)),
  );

  app.delete(
    '/api/user/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove a webhook and its delivery log',
        ...ownerOnly('webhook'),
        params: webhookParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteWebhook(deps, app.requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/webhooks/:id/enable',
    {
      schema: {
        tags,
        summary: 'Turn a webhook that was turned off after a day of failures back on',
        ...ownerOnly('webhook'),
        params: webhookParamsSchema,
        response: { 200: webhookSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => enableWebhook(deps, app.requireUser(request), request.params.id),
  );

  app.get(
    '/api/user/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'The newest deliveries with every attempt: status code, response time, error',
        ...ownerOnly('webhook'),
        params: webhookParamsSchema,
        response: { 200: webhookDeliveryListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => listDeliveries(deps, app.requireUser(request), request.params.id),
  );

  app.post(
    '/api/user/webhooks/:id/test',
    {
      preHandler: perPerson('webhook-send', SENDS_PER_HOUR),
      schema: {
        tags,
        summary: 'Send a webhook.test event now (queued; it arrives within seconds)',
        ...ownerOnly('webhook'),
        params: webhookParamsSchema,
        response: { 202: webhookDeliverySchema, ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestEvent(deps, app.requireUser(request), request.params.id)),
  );

  app.post(
    '/api/user/webhooks/:id/deliveries/:deliveryId/resend',
    {
      preHandler: perPerson('webhook-send', SENDS_PER_HOUR),
      schema: {
        tags,
        summary: 'Send a delivery again: the same message id and body, as a new delivery',
        ...ownerOnly('webhook'),
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema, ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await resendDelivery(deps, app.requireUser(request), request.params.id, request.params.deliveryId),
        ),
  );
};

export default webhooksRoutes;
