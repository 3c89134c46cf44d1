import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotificationSocket } from '../../src/client/lib/notification-socket.js';
import { socketCloseCodes } from '../../src/shared/socket-close-codes.js';

/** A stand-in for the browser's WebSocket: the test opens, sends and closes it by hand. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: object) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) }));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  close() {
    this.readyState = 3;
  }
}

const documentEvents = new EventTarget();
let visibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', {
    location: { protocol: 'http:', host: 'localhost:3000' },
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
  });
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibilityState;
    },
    addEventListener: documentEvents.addEventListener.bind(documentEvents),
    removeEventListener: documentEvents.removeEventListener.bind(documentEvents),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function connect() {
  const calls = { ready: [] as boolean[], resync: 0, sessionEnded: 0, refused: 0 };
  const connection = openNotificationSocket({
    userId: 7,
    onMessage: () => {},
    onReady: (reconnected) => calls.ready.push(reconnected),
    onResync: () => (calls.resync += 1),
    onSessionEnded: () => (calls.sessionEnded += 1),
    onRefused: () => (calls.refused += 1),
  });
  return { connection, calls, latest: () => FakeSocket.all.at(-1)! };
}

describe('the notification socket', () => {
  it('asks for a refetch on resync and on every reconnect, not on the first ready', async () => {
    const { calls, latest } = connect();
    latest().open();
    latest().receive({ type: 'ready', data: { userId: 7 } });
    latest().receive({ type: 'resync' });
    latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    latest().receive({ type: 'ready', data: { userId: 7 } });
    expect(calls).toMatchObject({ ready: [false, true], resync: 1, refused: 0 });
  });

  it('reports a refused handshake and keeps trying with backoff', async () => {
    const { calls, latest } = connect();
    latest().serverClose(1006);
    expect(calls.refused).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stays closed after its session ended until told to reconnect', async () => {
    const { connection, calls, latest } = connect();
    latest().open();
    latest().serverClose(socketCloseCodes.sessionEnded);
    expect(calls.sessionEnded).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    connection.reconnect();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('gives way to a newer socket and comes back when its tab is looked at', async () => {
    const { latest } = connect();
    latest().open();
    visibilityState = 'hidden';
    latest().serverClose(socketCloseCodes.replacedByNewer);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    visibilityState = 'visible';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
