import type http from 'node:http';
import type { Socket } from 'node:net';

/** A connection idle this long is not between two requests of a busy client, so closing it resets nobody. */
export const IDLE_BEFORE_CLOSE_MS = 500;
/** The longest a shutdown waits for busy connections to take their `Connection: close` answer. */
export const DRAIN_LIMIT_MS = 5_000;
const SWEEP_MS = 50;

export interface GracefulDrain {
  /** True from the moment the shutdown begins: answers carry `Connection: close`, /readyz says 503. */
  readonly draining: boolean;
  /** Called first for every request the server receives, before anything answers it. */
  onRequest(request: http.IncomingMessage, response: http.ServerResponse): void;
  /** Starts draining and resolves when every connection has closed (or the limit has passed). */
  drain(): Promise<void>;
}

/**
 * Node's `server.close()` closes every idle kept-alive connection at once. A client that is sending its next
 * request on one of them at that moment gets ECONNRESET instead of an answer. So before the server closes,
 * every answer says `Connection: close` (the client opens a new connection, to another instance behind the
 * load balancer), and a connection is closed by the server only once it has been idle for
 * IDLE_BEFORE_CLOSE_MS. The listener stays open meanwhile; /readyz answers 503 so no new traffic is sent.
 */
export function trackConnections(server: http.Server): GracefulDrain {
  /** Each open connection: the answer it is giving, or since when it has been idle. */
  const connections = new Map<Socket, { answering: http.ServerResponse } | { idleSince: number }>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });

  return {
    get draining() {
      return draining;
    },
    onRequest(request, response) {
      const socket = request.socket;
      connections.set(socket, { answering: response });
      if (draining) response.setHeader('connection', 'close');
      response.once('finish', () => {
        if (connections.has(socket)) connections.set(socket, { idleSince: performance.now() });
      });
    },
    async drain() {
      if (!server.listening) return;
      draining = true;
      for (const state of connections.values()) {
        if ('answering' in state && !state.answering.headersSent)
          state.answering.setHeader('connection', 'close');
      }
      const deadline = performance.now() + DRAIN_LIMIT_MS;
      while (connections.size > 0 && performance.now() < deadline) {
        const now = performance.now();
        for (const [socket, state] of connections) {
          if ('idleSince' in state && now - state.idleSince >= IDLE_BEFORE_CLOSE_MS) socket.end();
        }
        await new Promise((resolve) => setTimeout(resolve, SWEEP_MS));
      }
    },
  };
}
