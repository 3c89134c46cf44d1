/**
 * The real-time channel of spec sections 4 and 7: `/ws?userId={id}` on the page's own host (wss on https),
 * reconnecting with exponential backoff. The server authenticates by the session cookie and closes with
 * 4401 (not signed in), 4403 (another user's id) or 4001 (signed out everywhere); after those a reconnect
 * would only fail again, so the owner is told instead.
 */

export const SOCKET_BACKOFF_INITIAL_MS = 1000;
export const SOCKET_BACKOFF_MAX_MS = 30_000;
export const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([4401, 4403, 4001]);

export interface SocketMessage {
  type: string;
  data?: unknown;
}

export interface NotificationSocketOptions {
  userId: number;
  onMessage: (message: SocketMessage) => void;
  /** The server refused or ended the session: no reconnect. */
  onFatalClose: (code: number) => void;
  /** Called on every successful `ready`, so the owner can refetch what was missed while disconnected. */
  onReady?: (reconnected: boolean) => void;
}

/**
 * Spec section 7: a WebSocket address with an undefined host or port is rewritten to the current page's
 * host and protocol.
 */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${protocol}://${location.host}${path}`;
}

/** 1 s, 2 s, 4 s, … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(SOCKET_BACKOFF_MAX_MS, SOCKET_BACKOFF_INITIAL_MS * 2 ** attempt);
}

function parse(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string') {
      return value as SocketMessage;
    }
  } catch {
    // Not JSON: nothing the client understands.
  }
  return null;
}

/** Opens at once; `close()` ends it for good (logout, unmount). */
export function openNotificationSocket(options: NotificationSocketOptions): { close: () => void } {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everReady = false;
  let timer: number | undefined;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = backoffDelay(attempt);
    attempt += 1;
    timer = window.setTimeout(connect, delay);
  };

  function connect() {
    if (closed) return;
    const current = new WebSocket(socketUrl(`/ws?userId=${encodeURIComponent(options.userId)}`));
    socket = current;
    current.addEventListener('message', (event) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        // A successful handshake resets the backoff.
        attempt = 0;
        options.onReady?.(everReady);
        everReady = true;
      }
      options.onMessage(message);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = null;
      if (closed) return;
      if (FATAL_CLOSE_CODES.has(event.code)) {
        closed = true;
        options.onFatalClose(event.code);
        return;
      }
      scheduleReconnect();
    });
  }

  connect();

  return {
    close() {
      closed = true;
      window.clearTimeout(timer);
      const current = socket;
      socket = null;
      if (!current) return;
      // Closing while still connecting makes Chromium log an error; close right after the handshake instead.
      if (current.readyState === WebSocket.CONNECTING) {
        current.addEventListener('open', () => current.close(1000, 'client closed'));
      } else if (current.readyState === WebSocket.OPEN) {
        current.close(1000, 'client closed');
      }
    },
  };
}
