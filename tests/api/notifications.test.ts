import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { Notification, NotificationListResponse } from '../../src/shared/api/notifications.js';
import { createNotification } from '../../src/server/features/notifications/notifications.service.js';
import { registerAndSignIn } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function signedInUser() {
  const cookie = await registerAndSignIn(t, `notified-${Date.now()}-${(counter += 1)}@example.com`);
  const user = (await (await t.request('/api/auth/user', { headers: { cookie } })).json()) as CurrentUser;
  return { cookie, user };
}

async function notify(userId: number, title: string) {
  return createNotification(t.app.services.notifications, t.app.db.kysely, {
    user_id: userId,
    type: 'review',
    title,
    message: `${title} message`,
    link: '/agents/patchwork',
  });
}

describe('notifications', () => {
  it('welcomes a new account, lists newest first with paging, and filters by read', async () => {
    const { cookie, user } = await signedInUser();
    for (const title of ['First', 'Second', 'Third']) await notify(user.id, title);
    const page = (await (
      await t.request('/api/notifications?limit=2', { headers: { cookie } })
    ).json()) as NotificationListResponse;
    expect(page).toMatchObject({ totalCount: 4, totalPages: 2, currentPage: 1 });
    expect(page.notifications.map((notification) => notification.title)).toEqual(['Third', 'Second']);
    const all = (await (
      await t.request('/api/notifications?limit=10', { headers: { cookie } })
    ).json()) as NotificationListResponse;
    expect(all.notifications.at(-1)).toMatchObject({
      type: 'system',
      title: 'Welcome to AgentAtlas',
      read: false,
    });
    expect(
      await (await t.request('/api/notifications/unread-count', { headers: { cookie } })).json(),
    ).toEqual({ count: 4 });

    const first = all.notifications[0]!;
    const marked = await t.request(`/api/notifications/${first.id}/read`, {
      method: 'PUT',
      headers: { cookie },
    });
    expect(((await marked.json()) as Notification).read).toBe(true);
    const unread = (await (
      await t.request('/api/notifications?read=false', { headers: { cookie } })
    ).json()) as NotificationListResponse;
    expect(unread.totalCount).toBe(3);
    const read = (await (
      await t.request('/api/notifications?read=true', { headers: { cookie } })
    ).json()) as NotificationListResponse;
    expect(read.notifications.map((notification) => notification.id)).toEqual([first.id]);

    expect(
      await (
        await t.request('/api/notifications/mark-all-read', { method: 'PUT', headers: { cookie } })
      ).json(),
    ).toEqual({
      updated: 3,
    });
    expect(
      await (await t.request('/api/notifications/unread-count', { headers: { cookie } })).json(),
    ).toEqual({ count: 0 });
  });

  it("answers 404 for someone else's notification and 401 signed out", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const notification = await notify(owner.user.id, 'Private');
    const response = await t.request(`/api/notifications/${notification.id}/read`, {
      method: 'PUT',
      headers: { cookie: other.cookie },
    });
    expect(response.status).toBe(404);
    const list = (await (
      await t.request('/api/notifications', { headers: { cookie: owner.cookie } })
    ).json()) as NotificationListResponse;
    expect(list.notifications.find((entry) => entry.id === notification.id)?.read).toBe(false);
    expect((await t.request('/api/notifications')).status).toBe(401);
    expect((await t.request('/api/notifications/unread-count')).status).toBe(401);
    expect((await t.request('/api/notifications/mark-all-read', { method: 'PUT' })).status).toBe(401);
  });

  it('refuses bad paging and ids with 400', async () => {
    const { cookie } = await signedInUser();
    for (const path of [
      '/api/notifications?page=0',
      '/api/notifications?limit=500',
      '/api/notifications?read=maybe',
    ]) {
      expect((await t.request(path, { headers: { cookie } })).status).toBe(400);
    }
    expect(
      (await t.request('/api/notifications/abc/read', { method: 'PUT', headers: { cookie } })).status,
    ).toBe(400);
  });
});

describe('POST /api/admin/notifications', () => {
  it('answers 401 signed out and 403 for a non-admin, before looking at the body', async () => {
    expect((await t.request('/api/admin/notifications', { method: 'POST', json: {} })).status).toBe(401);
    const { cookie } = await signedInUser();
    expect(
      (await t.request('/api/admin/notifications', { method: 'POST', headers: { cookie }, json: {} })).status,
    ).toBe(403);
  });

  it('lets an admin send a system message to listed users', async () => {
    const admin = await signedInUser();
    await t.app.db.kysely
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', admin.user.id)
      .execute();
    const first = await signedInUser();
    const second = await signedInUser();
    const bad = await t.request('/api/admin/notifications', {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { title: 'Hi', message: 'There', link: 'https://evil.example' },
    });
    expect(bad.status).toBe(400);
    const sent = await t.request('/api/admin/notifications', {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: {
        title: 'Maintenance tonight',
        message: 'AgentAtlas is read-only from 22:00 UTC.',
        link: '/',
        userIds: [first.user.id],
      },
    });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ recipients: 1 });
    const inbox = (await (
      await t.request('/api/notifications', { headers: { cookie: first.cookie } })
    ).json()) as NotificationListResponse;
    expect(inbox.notifications[0]).toMatchObject({ type: 'system', title: 'Maintenance tonight', link: '/' });
    const other = (await (
      await t.request('/api/notifications', { headers: { cookie: second.cookie } })
    ).json()) as NotificationListResponse;
    expect(other.notifications.map((notification) => notification.title)).not.toContain(
      'Maintenance tonight',
    );
  });
});
