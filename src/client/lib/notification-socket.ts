import { socketCloseCodes } from '../../shared/socket-close-codes.js';

/**
 * The real-time channel of spec sections 4 and 7: `/ws?userId={id}` on the page's own host (wss on https),
 * reconnecting with exponential backoff. The server authenticates by the session cookie and refuses a bad
 * handshake before the upgrade (the browser sees only a failed connection, so the owner is asked to check
 * who is signed in). An open socket is closed with 4001 when its session ends (the owner decides whether
 * to connect again) and with 4429 when a newer socket of the same user replaced it (it connects again
 * when the tab is looked at).
 */

export const SOCKET_BACKOFF_INITIAL_MS = 1000;
export const SOCKET_BACKOFF_MAX_MS = 30_000;

export interface SocketMessage {
  type: string;
  data?: unknown;
}

export interface NotificationSocketOptions {
  userId: number;
  onMessage: (message: SocketMessage) => void;
  /**
   * Called on every successful `ready`, and on a `resync` message (the server may have missed
   * notifications): the owner fetches again what may have been missed. `reconnected` is false only for
   * the first `ready`.
   */
  onReady?: (reconnected: boolean) => void;
  onResync?: () => void;
  /** The session ended (4001): no reconnect unless the owner calls `reconnect()`. */
  onSessionEnded: () => void;
  /** The handshake failed before the socket opened: maybe nobody is signed in any more. Retried with backoff. */
  onRefused?: () => void;
}

export interface NotificationSocket {
  /** Ends it for good (logout, unmount). */
  close(): void;
  /** Connects again after the session ended, once the owner knows the user is still signed in. */
  reconnect(): void;
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

/** Opens at once. */
export function openNotificationSocket(options: NotificationSocketOptions): NotificationSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everReady = false;
  let timer: number | undefined;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed) return;
    window.clearTimeout(timer);
    const delay = backoffDelay(attempt);
    attempt += 1;
    timer = window.setTimeout(connect, delay);
  };

  // Replaced by a newer socket: the tab someone looks at next takes its place back.
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onVisible);
    if (!socket) scheduleReconnect();
  };

  function connect() {
    if (closed || socket) return;
    const current = new WebSocket(socketUrl(`/ws?userId=${encodeURIComponent(options.userId)}`));
    let opened = false;
    socket = current;
    current.addEventListener('open', () => {
      opened = true;
    });
    current.addEventListener('message', (event) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        // A successful handshake resets the backoff.
        attempt = 0;
        options.onReady?.(everReady);
        everReady = true;
      } else if (message.type === 'resync') {
        options.onResync?.();
      }
      options.onMessage(message);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = null;
      if (closed) return;
      if (event.code === socketCloseCodes.sessionEnded) {
        options.onSessionEnded();
      } else if (event.code === socketCloseCodes.replacedByNewer) {
        document.addEventListener('visibilitychange', onVisible);
      } else {
        if (!opened) options.onRefused?.();
        scheduleReconnect();
      }
    });
  }

  connect();

  return {
    close() {
      closed = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
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
    reconnect() {
      if (!socket) scheduleReconnect();
    },
  };
}
