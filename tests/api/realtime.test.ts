import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories.js';
import { signUpPerson } from '../support/sessions.js';
import { handshake, openSocket, waitFor, type SocketMessage } from '../support/sockets.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ REDIS_URL });
  // A second instance on the same database, as behind a load balancer.
  b = await createTestApp({
    REDIS_URL,
    DATABASE_URL:
      a.config.database.kind === 'sqlite' ? `file:${a.config.database.file}` : a.config.database.url,
  });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const person = (t: TestApp) => signUpPerson(t);
const pushedNotifications = (message: SocketMessage) =>
  message.type === 'notifications'
    ? (message.data!.notifications as Array<{ title: string; type: string; id: number }>)
    : [];
const open = (t: TestApp, userId: number | string, cookie?: string) => openSocket(t, userId, cookie);

describe('/ws', () => {
  it('refuses a visitor without a session and a session asking for another user, before the upgrade', async () => {
    expect((await handshake(a, 'userId=1')).status).toBe(401);
    const { cookie, user } = await person(a);
    expect((await handshake(a, `userId=${user.id + 1000}`, { cookie })).status).toBe(403);
  });

  it('pushes a new notification to the owner, from another instance through Redis', async () => {
    const owner = await person(a);
    const socket = open(b, owner.user.id, owner.cookie);
    await socket.ready;
    const agent = await factories(a.app).createAgent({ owner_id: owner.user.id, name: 'Live Agent' });
    const reviewer = await person(a);
    const review = await a.request(`/api/agents/${agent.id}/reviews`, {
      method: 'POST',
      headers: { cookie: reviewer.cookie },
      json: { rating: 5, body: 'Pushed to the owner live.' },
    });
    expect(review.status).toBe(201);
    // The owner's welcome notification, which instance a published through Redis at sign-up, may reach b
    // after this socket opened: the review's push is the message that carries a review.
    const pushed = await waitFor(
      () =>
        socket.messages.find((message) => pushedNotifications(message).some(({ type }) => type === 'review')),
      3000,
      'the push of the review notification',
    );
    const notifications = pushedNotifications(pushed);
    expect(notifications[0]).toMatchObject({ type: 'review', title: 'New 5-star review of Live Agent' });
    // The pushed notification is the stored one.
    const stored = (await (
      await a.request('/api/notifications', { headers: { cookie: owner.cookie } })
    ).json()) as {
      notifications: Array<{ id: number }>;
    };
    expect(stored.notifications[0]?.id).toBe(notifications[0]?.id);
    socket.socket.close();
  });

  it('closes the sockets of a user who signs out everywhere', async () => {
    const { cookie, user } = await person(a);
    const socket = open(a, user.id, cookie);
    await socket.ready;
    await a.request('/api/auth/force-logout', { method: 'POST', headers: { cookie } });
    expect(await socket.closed).toBe(4001);
  });
});
