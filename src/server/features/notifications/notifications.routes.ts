import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/errors.js';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
  broadcastResponseSchema,
  broadcastSchema,
  unreadCountSchema,
} from '../../../shared/api/notifications.js';
import { broadcastSystemMessage, listNotifications, markNotificationRead } from './notifications.service.js';

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.notifications;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in user’s notifications, newest first',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => listNotifications(deps, app.requireUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications are unread',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({
      count: await deps.notifications.count({ userId: app.requireUser(request).id, read: false }),
    }),
  );

  app.put(
    '/api/notifications/mark-all-read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        response: { 200: z.object({ updated: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ updated: await deps.notifications.markAllRead(app.requireUser(request).id) }),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => markNotificationRead(deps, app.requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/admin/notifications',
    {
      // Who may call comes before what they sent: a non-admin learns nothing from validation errors.
      onRequest: async (request) => {
        app.requireAdmin(request);
      },
      schema: {
        tags: ['admin'],
        summary: 'Send a system message to every user, or to the listed users (admin)',
        body: broadcastSchema,
        response: { 202: broadcastResponseSchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await broadcastSystemMessage({ ...deps, db: app.db }, request.body);
      return reply.status(202).send(result);
    },
  );
};

export default notificationsRoutes;
