import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';
import {
  markAllReadResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
  broadcastResponseSchema,
  broadcastSchema,
  unreadCountSchema,
} from '../../../shared/api/notifications.js';
import {
  broadcastSystemMessage,
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.js';

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.notifications;
  const errors = errorResponses(400, 401, 404);

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
    async (request) => countUnreadNotifications(deps, app.requireUser(request).id),
  );

  app.put(
    '/api/notifications/mark-all-read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        response: { 200: markAllReadResponseSchema, ...errors },
      },
    },
    async (request) => markAllNotificationsRead(deps, app.requireUser(request).id),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        ...ownerOnly('notification'),
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => markNotificationRead(deps, app.requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/admin/notifications',
    {
      // Who may call comes before what they sent: a non-admin learns nothing from validation errors.
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Send a system message to every user, or to the listed users (admin)',
        body: broadcastSchema,
        response: { 202: broadcastResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const result = await broadcastSystemMessage({ ...deps, db: app.db }, request.body);
      return reply.status(202).send(result);
    },
  );
};

export default notificationsRoutes;
