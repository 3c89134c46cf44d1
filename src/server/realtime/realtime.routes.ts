import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

const PING_INTERVAL_MS = 30_000;

/**
 * /ws?userId={id}: authenticated by the session cookie; a userId other than the session's user is
 * refused. Sockets that stop answering pings are closed.
 */
export default async function realtimeRoutes(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const alive = new WeakSet<WebSocket>();

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

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const user = request.user;
    const asked = Number((request.query as Record<string, string | undefined>).userId);
    if (!user) {
      socket.close(4401, 'sign in first');
      return;
    }
    if (asked !== user.id) {
      socket.close(4403, 'not your notifications');
      return;
    }
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    // Clients only listen; anything they send is ignored, and abuse is closed by maxPayload.
    socket.on('message', () => {});
    app.notificationHub.add(user.id, socket);
    socket.send(JSON.stringify({ type: 'ready', data: { userId: user.id } }));
  });
}
