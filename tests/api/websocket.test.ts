import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketCloseCodes } from '../../src/shared/socket-close-codes.js';
import { MAX_SOCKETS_PER_USER } from '../../src/server/realtime/notification-hub.js';
import { setUserRole } from '../../src/server/features/users/users.service.js';
import { waitForMailLink } from '../support/mail.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { cookieFrom, signUpPerson, TEST_PASSWORD } from '../support/sessions.js';
import { closedWithin, handshake, openSocket, waitFor, type OpenedSocket } from '../support/sockets.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Issue 11: a socket ends with its session within this. */
const CLOSE_WITHIN_MS = 1000;
const MACHINE_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A second instance on the same database, as behind a load balancer. */
const sameDatabase = (first: TestApp) =>
  first.config.database.kind === 'sqlite' ? `file:${first.config.database.file}` : first.config.database.url;

let t: TestApp;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTestApp({ REDIS_URL: MACHINE_REDIS_URL });
  b = await createTestApp({ REDIS_URL: MACHINE_REDIS_URL, DATABASE_URL: sameDatabase(a) });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await t?.close();
});

async function login(app: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await app.request('/api/auth/login', {
    method: 'POST',
    json: { username: email, password },
  });
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

async function opened(app: TestApp, userId: number, cookie: string): Promise<OpenedSocket> {
  const socket = openSocket(app, userId, cookie);
  await socket.ready;
  return socket;
}

const isOpen = (socket: OpenedSocket) => socket.socket.readyState === socket.socket.OPEN;

describe('the handshake', () => {
  it('refuses a foreign origin, no session and another user before the upgrade, with a plain answer', async () => {
    const { cookie, user } = await signUpPerson(t);
    const origin = new URL(t.config.publicUrl).origin;

    const foreign = await handshake(t, `userId=${user.id}`, { cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ message: expect.stringMatching(/origin/i) });

    const anonymous = await handshake(t, `userId=${user.id}`, { origin });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toHaveProperty('message');

    const otherUser = await handshake(t, `userId=${user.id + 1000}`, { cookie, origin });
    expect(otherUser.status).toBe(403);

    const endedSession = await handshake(t, `userId=${user.id}`, {
      cookie: 'aa_session=not-a-session',
      origin,
    });
    expect(endedSession.status).toBe(401);

    expect((await handshake(t, 'userId=abc', { cookie, origin })).status).toBe(400);
    // The same handshake from the app's own origin, or from a client that is no browser, is accepted.
    expect((await handshake(t, `userId=${user.id}`, { cookie, origin })).status).toBe(101);
    expect((await handshake(t, `userId=${user.id}`, { cookie })).status).toBe(101);
    // The site reached by another name (127.0.0.1 for PUBLIC_URL's localhost) is the same site, as for
    // the HTTP calls: the page's own host is accepted, another host on it is not.
    const sameHost = new URL(t.baseUrl).origin;
    expect(sameHost).not.toBe(origin);
    expect((await handshake(t, `userId=${user.id}`, { cookie, origin: sameHost })).status).toBe(101);
    const otherPort = new URL(t.baseUrl);
    otherPort.port = String(Number(otherPort.port) + 1);
    expect((await handshake(t, `userId=${user.id}`, { cookie, origin: otherPort.origin })).status).toBe(403);
  });
});

describe('a socket follows its session', () => {
  it('closes on logout, within a second, and only the socket of that session', async () => {
    const { cookie, user, email } = await signUpPerson(t);
    const otherCookie = await login(t, email);
    const mine = await opened(t, user.id, cookie);
    const otherSession = await opened(t, user.id, otherCookie);

    const started = Date.now();
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await closedWithin(mine, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
    expect(Date.now() - started).toBeLessThan(CLOSE_WITHIN_MS + 200);
    expect(isOpen(otherSession)).toBe(true);

    // The finding: a notification after logout reaches only the session still signed in.
    const admin = await signUpPerson(t, 'admin');
    const sent = await t.request('/api/admin/notifications', {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { title: 'After logout', message: 'Only live sessions hear this.', userIds: [user.id] },
    });
    expect(sent.status).toBe(202);
    await waitFor(() => otherSession.messages.find((message) => message.type === 'notifications'));
    expect(mine.messages.filter((message) => message.type === 'notifications')).toEqual([]);
    otherSession.socket.close();
  });

  it('closes every socket of the user on force-logout', async () => {
    const { cookie, user, email } = await signUpPerson(t);
    const sockets = [await opened(t, user.id, cookie), await opened(t, user.id, await login(t, email))];
    await t.request('/api/auth/force-logout', { method: 'POST', headers: { cookie } });
    for (const socket of sockets)
      expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
  });

  it('closes every socket of the user when the password is reset', async () => {
    const { cookie, user, email } = await signUpPerson(t);
    const socket = await opened(t, user.id, cookie);
    await t.request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const link = await waitForMailLink(
      t.config.dataDir,
      email,
      `${t.config.publicUrl}/reset-password?token=`,
    );
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token: new URL(link).searchParams.get('token'), password: 'Brand-New-Secret-9' },
    });
    expect(reset.status).toBe(200);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
  });

  it('closes the other sessions’ sockets on a password change and keeps the one that changed it', async () => {
    const { cookie, user, email } = await signUpPerson(t);
    const current = await opened(t, user.id, cookie);
    const other = await opened(t, user.id, await login(t, email));
    const changed = await t.request('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie },
      json: { currentPassword: TEST_PASSWORD, newPassword: 'Brand-New-Secret-9' },
    });
    expect(changed.status).toBe(200);
    expect(await closedWithin(other, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
    expect(isOpen(current)).toBe(true);
    current.socket.close();
  });

  it('closes on account deletion', async () => {
    const { cookie, user } = await signUpPerson(t);
    const socket = await opened(t, user.id, cookie);
    const deleted = await t.request('/api/auth/delete-account', {
      method: 'POST',
      headers: { cookie },
      json: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
  });

  it('closes when an admin is demoted', async () => {
    const { cookie, user, email } = await signUpPerson(t, 'admin');
    const socket = await opened(t, user.id, cookie);
    expect(await setUserRole(t.app.services.auth, { email, role: 'user' })).toBe(true);
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(401);
  });

  it('closes once the session has been idle 30 minutes, at the next sweep', async () => {
    const { cookie, user } = await signUpPerson(t);
    const socket = await opened(t, user.id, cookie);
    await t.app.notificationHub.sweepSessions();
    expect(isOpen(socket)).toBe(true);
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ last_active_at: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await t.app.notificationHub.sweepSessions();
    expect(await closedWithin(socket, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
    const left = await t.app.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the per-user cap', () => {
  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets per user: the oldest gives way to a new one`, async () => {
    const { cookie, user } = await signUpPerson(t);
    const before = t.app.notificationHub.connectionCount;
    const sockets: OpenedSocket[] = [];
    for (let index = 0; index < MAX_SOCKETS_PER_USER; index += 1)
      sockets.push(await opened(t, user.id, cookie));
    expect(t.app.notificationHub.connectionCount - before).toBe(MAX_SOCKETS_PER_USER);

    const newest = await opened(t, user.id, cookie);
    expect(await closedWithin(sockets[0]!, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.replacedByNewer);
    expect(sockets.slice(1).every(isOpen)).toBe(true);
    expect(isOpen(newest)).toBe(true);
    expect(t.app.notificationHub.connectionCount - before).toBe(MAX_SOCKETS_PER_USER);

    // Another user is not affected by the first one's sockets.
    const other = await signUpPerson(t);
    const theirs = await opened(t, other.user.id, other.cookie);
    expect(isOpen(theirs)).toBe(true);
    for (const socket of [...sockets, newest, theirs]) socket.socket.close();
  });
});

describe('two instances sharing Redis', () => {
  it('closes the socket on instance B when the session ends on instance A', async () => {
    const { cookie, user } = await signUpPerson(a);
    const onB = await opened(b, user.id, cookie);
    expect((await a.request('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await closedWithin(onB, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
  });

  it('closes sockets on both instances on force-logout', async () => {
    const { cookie, user, email } = await signUpPerson(a);
    const onA = await opened(a, user.id, cookie);
    const onB = await opened(b, user.id, await login(b, email));
    await b.request('/api/auth/force-logout', { method: 'POST', headers: { cookie } });
    expect(await closedWithin(onA, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
    expect(await closedWithin(onB, CLOSE_WITHIN_MS)).toBe(socketCloseCodes.sessionEnded);
  });
});

describe('a Redis outage', () => {
  let redis: RedisServer;
  let c: TestApp;
  let d: TestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await createTestApp({ REDIS_URL: redis.url });
    d = await createTestApp({ REDIS_URL: redis.url, DATABASE_URL: sameDatabase(c) });
  });
  afterAll(async () => {
    await d?.close();
    await c?.close();
    await redis?.stop();
  });

  const pushed = (socket: OpenedSocket) =>
    socket.messages.flatMap((message) =>
      message.type === 'notifications'
        ? (message.data!.notifications as Array<{ id: number; title: string }>)
        : [],
    );
  const notificationIds = (socket: OpenedSocket) => pushed(socket).map((notification) => notification.id);

  it('delivers on the same instance during the outage, resyncs the others after it, never twice', async () => {
    const admin = await signUpPerson(c, 'admin');
    const { cookie, user } = await signUpPerson(c);
    const onC = await opened(c, user.id, cookie);
    const onD = await opened(d, user.id, cookie);

    await redis.stop();
    const sent = await c.request('/api/admin/notifications', {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { title: 'During the outage', message: 'Raised while Redis was down.', userIds: [user.id] },
    });
    expect(sent.status).toBe(202);
    // The instance that raised it delivers at once, Redis or not.
    const [id] = await waitFor(() => {
      const ids = notificationIds(onC);
      return ids.length > 0 ? ids : undefined;
    });
    // Only that one: the person's welcome, which c published through Redis at sign-up, may reach D after
    // its socket opened.
    expect(notificationIds(onD)).not.toContain(id);

    await redis.start();
    // The other instance's socket is told it may have missed something, and the list has it.
    await waitFor(() => onD.messages.find((message) => message.type === 'resync'), 15_000, 'resync on D');
    const list = (await (await d.request('/api/notifications', { headers: { cookie } })).json()) as {
      notifications: Array<{ id: number; title: string }>;
    };
    expect(list.notifications.map((notification) => notification.id)).toContain(id);
    await waitFor(() => onC.messages.find((message) => message.type === 'resync'), 15_000, 'resync on C');

    // Pub/sub works again, and the notification raised during the outage was pushed once only.
    const after = await c.request('/api/admin/notifications', {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { title: 'After the outage', message: 'Through Redis again.', userIds: [user.id] },
    });
    expect(after.status).toBe(202);
    await waitFor(
      () => pushed(onD).find((notification) => notification.title === 'After the outage'),
      5000,
      'delivery on D',
    );
    expect(notificationIds(onC).filter((seen) => seen === id)).toHaveLength(1);
    expect(notificationIds(onD)).not.toContain(id);
    onC.socket.close();
    onD.socket.close();
  });
});
