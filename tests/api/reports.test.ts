import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../src/shared/api/reviews.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type { AdminReport } from '../../src/shared/api/reports.js';
import { factories } from '../support/factories.js';
import { signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

const person = (role: 'user' | 'admin' = 'user') => signUpPerson(t, role);

describe('the reports queue', () => {
  it('answers 401 signed out and 403 for a non-admin', async () => {
    expect((await t.request('/api/admin/reports')).status).toBe(401);
    const { cookie } = await person();
    expect((await t.request('/api/admin/reports', { headers: { cookie } })).status).toBe(403);
    expect(
      (await t.request('/api/admin/reports/1/resolve', { method: 'POST', headers: { cookie }, json: {} }))
        .status,
    ).toBe(403);
  });

  it('lists open reports, resolves and dismisses them once, and tells the reporters', async () => {
    const admin = await person('admin');
    const reporter = await person();
    const author = await person();
    const agent = await f.createAgent({ name: 'Reported Agent' });
    const review = (await (
      await t.request(`/api/agents/${agent.id}/reviews`, {
        method: 'POST',
        headers: { cookie: author.cookie },
        json: { rating: 1, body: 'Buy my other product!!' },
      })
    ).json()) as Review;
    await t.request(`/api/agents/${agent.id}/report`, {
      method: 'POST',
      headers: { cookie: reporter.cookie },
      json: { reason: 'misleading' },
    });
    await t.request(`/api/reviews/${review.id}/report`, {
      method: 'POST',
      headers: { cookie: reporter.cookie },
      json: { reason: 'spam', details: 'An ad.' },
    });

    const open = (await (
      await t.request('/api/admin/reports', { headers: { cookie: admin.cookie } })
    ).json()) as { reports: AdminReport[] };
    const mine = open.reports.filter((report) => report.agent.id === agent.id);
    expect(mine).toHaveLength(2);
    const onReview = mine.find((report) => report.review !== null)!;
    const onAgent = mine.find((report) => report.review === null)!;
    expect(onReview).toMatchObject({
      reason: 'spam',
      details: 'An ad.',
      review: { id: review.id, rating: 1 },
      status: 'open',
    });

    const resolved = await t.request(`/api/admin/reports/${onReview.id}/resolve`, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: { note: 'Review removed.' },
    });
    expect(await resolved.json()).toEqual({ id: onReview.id, status: 'resolved' });
    expect(
      (
        await t.request(`/api/admin/reports/${onReview.id}/dismiss`, {
          method: 'POST',
          headers: { cookie: admin.cookie },
          json: {},
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.request(`/api/admin/reports/${onAgent.id}/dismiss`, {
          method: 'POST',
          headers: { cookie: admin.cookie },
          json: {},
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('/api/admin/reports/999999/dismiss', {
          method: 'POST',
          headers: { cookie: admin.cookie },
          json: {},
        })
      ).status,
    ).toBe(404);

    const inbox = (await (
      await t.request('/api/notifications', { headers: { cookie: reporter.cookie } })
    ).json()) as NotificationListResponse;
    const titles = inbox.notifications
      .filter((notification) => notification.type === 'report')
      .map((notification) => notification.title);
    expect(titles).toEqual(['Your report was reviewed', 'Thanks: your report was acted on']);
    const closed = (await (
      await t.request('/api/admin/reports?status=resolved', { headers: { cookie: admin.cookie } })
    ).json()) as { reports: AdminReport[] };
    expect(closed.reports.map((report) => report.id)).toContain(onReview.id);
  });
});

describe('what an owner is told about reports of their agent', () => {
  it('counts the open reports about the listing, not its reviews, never who sent them, until an admin decides', async () => {
    const admin = await person('admin');
    const owner = await person();
    const reporter = await person();
    const agent = await f.createAgent({ name: 'Owned And Reported', owner_id: owner.user.id });
    const openReports = async () => {
      const response = await t.request('/api/user/agents', { headers: { cookie: owner.cookie } });
      const body = (await response.json()) as { agents: Array<Record<string, unknown>> };
      return body.agents.find((listing) => listing.id === agent.id);
    };
    expect((await openReports())?.openReports).toBe(0);

    const reported = await t.request(`/api/agents/${agent.id}/report`, {
      method: 'POST',
      headers: { cookie: reporter.cookie },
      json: { reason: 'misleading' },
    });
    expect(reported.status).toBe(201);
    const listing = await openReports();
    expect(listing?.openReports).toBe(1);
    expect(JSON.stringify(listing)).not.toContain(reporter.email);

    const queue = (await (
      await t.request('/api/admin/reports', { headers: { cookie: admin.cookie } })
    ).json()) as { reports: AdminReport[] };
    const report = queue.reports.find((entry) => entry.agent.id === agent.id)!;
    await t.request(`/api/admin/reports/${report.id}/dismiss`, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      json: {},
    });
    expect((await openReports())?.openReports).toBe(0);
  });
});
