import { randomBytes } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';
import type { TestApp } from './test-app.js';

export interface SocketMessage {
  type: string;
  data?: Record<string, unknown>;
}

export interface OpenedSocket {
  socket: WebSocket;
  messages: SocketMessage[];
  /** The close code, once closed. */
  closed: Promise<number>;
  /** Resolves on the `ready` message. */
  ready: Promise<void>;
}

/** Opens /ws on the app as a browser on `origin` would (the app's PUBLIC_URL unless told). */
export function openSocket(
  t: TestApp,
  userId: number | string,
  cookie?: string,
  origin: string | null = new URL(t.config.publicUrl).origin,
): OpenedSocket {
  const socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws?userId=${userId}`, {
    headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  const messages: SocketMessage[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as SocketMessage;
      messages.push(message);
      if (message.type === 'ready') resolve();
    });
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`handshake refused with ${response.statusCode}`)),
    );
  });
  // Handled where awaited; a refusal some tests expect must not become an unhandled rejection.
  ready.catch(() => {});
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => {});
  return { socket, messages, closed, ready };
}

/**
 * Sends a websocket handshake over plain HTTP and answers the status of the answer: 101 when the
 * server upgraded (the socket is closed at once), otherwise the refusal's status and body.
 */
export function handshake(
  t: TestApp,
  query: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(`/ws?${query}`, t.baseUrl), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: '' });
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      // The server drops the connection right after its answer.
      response.on('error', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Polls `check` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined,
  timeoutMs = 3000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves with the close code, or rejects when the socket is still open after `timeoutMs`. */
export function closedWithin(opened: OpenedSocket, timeoutMs: number): Promise<number> {
  return Promise.race([
    opened.closed,
    new Promise<number>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs).unref(),
    ),
  ]);
}
