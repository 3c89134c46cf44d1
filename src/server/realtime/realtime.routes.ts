import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import {
  notificationSocketQuerySchema,
  type NotificationSocketMessage,
} from '../../shared/api/notifications.js';
import { forbidden } from '../errors.js';
import { isOwnOrigin } from '../plugins/origin-check.js';
import { endLapsedSessions } from '../features/auth/sessions.service.js';

const PING_INTERVAL_MS = 30_000;

/**
 * /ws?userId={id}. Every check runs in the route's hooks, which @fastify/websocket
 * runs before it upgrades: a handshake from another origin, without a live session or for another user
 * gets a plain 403/401/403 answer and never a 101. An accepted socket belongs to its session and is
 * closed when the session ends (realtime/notification-hub.ts). Sockets that stop answering pings are closed.
 */
const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const hub = app.notificationHub;
  const allowedOrigin = new URL(app.config.publicUrl).origin;
  const alive = new WeakSet<WebSocket>();

  hub.watchSessions((tokenHashes) => endLapsedSessions(app.services.auth, tokenHashes));

  const pinger = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();
  app.addHook('onClose', async () => clearInterval(pinger));

  app.get(
    '/ws',
    {
      websocket: true,
      // A browser always names the page's origin in a handshake, so a page elsewhere cannot ride the
      // cookie; clients that send none (scripts, the benchmark) are no browser and pass, as in origin-check.ts.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !isOwnOrigin(origin, allowedOrigin, request.headers.host))
          throw forbidden('Connections from another origin are not allowed.');
        app.requireUser(request);
      },
      preHandler: async (request) => {
        if (request.query.userId !== app.requireUser(request).id)
          throw forbidden('These are not your notifications.');
      },
      // @fastify/websocket drops the connection after a refusal: say so, or a client reuses a dead socket.
      onSend: async (request, reply) => {
        if (request.ws) reply.header('connection', 'close');
      },
      schema: { hide: true, querystring: notificationSocketQuerySchema },
    },
    (socket, request) => {
      const user = app.requireUser(request);
      if (!hub.add(user.id, request.sessionTokenHash!, socket)) return;
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      // Clients only listen; anything they send is ignored, and abuse is closed by maxPayload.
      socket.on('message', () => {});
      const ready: NotificationSocketMessage = { type: 'ready', data: { userId: user.id } };
      socket.send(JSON.stringify(ready));
    },
  );
};

export default realtimeRoutes;
