import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, AdminSubmissionList } from '../../src/shared/api/admin.js';
import type { AgentDetail, AgentListResponse } from '../../src/shared/api/agents.js';
import type { CategoryList } from '../../src/shared/api/categories.js';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type { AgentStatusResponse } from '../../src/shared/api/owner-agents.js';
import type { DraftFields, SubmitDraftResponse } from '../../src/shared/api/submissions.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

const person = (role: 'user' | 'admin' = 'user') => signUpPerson(t, role);

const call = <T>(method: string, path: string, cookie: string | null, json?: unknown) =>
  callApi<T>(t, method, path, cookie, json);

/** Submits an agent through the API, as an owner does. */
async function submitAgent(cookie: string, category: string, overrides: DraftFields = {}) {
  const draft = await call<{ id: number }>('POST', '/api/drafts', cookie, {
    name: 'Queue Agent',
    tagline: 'An agent waiting for a decision',
    description: 'It does things worth listing, described in more than thirty characters.',
    category,
    websiteUrl: 'https://queue-agent.example',
    pricing: 'freemium',
    ...overrides,
  });
  const submitted = await call<SubmitDraftResponse>('POST', `/api/drafts/${draft.body.id}/submit`, cookie);
  expect(submitted.status).toBe(201);
  return submitted.body.agentId;
}

async function notificationsOf(cookie: string) {
  return (await call<NotificationListResponse>('GET', '/api/notifications', cookie)).body.notifications;
}

describe('moderation access', () => {
  it('answers 401 signed out and 403 for a non-admin on every call', async () => {
    const { cookie } = await person();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/submissions?status=pending'],
      ['POST', '/api/admin/agents/1/approve'],
      ['POST', '/api/admin/agents/1/reject', { reason: 'Not good enough for the list.' }],
      ['GET', '/api/admin/stats'],
    ];
    for (const [method, path, json] of calls) {
      expect((await call(method, path, null, json)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, cookie, json)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('answers 404 for an agent that does not exist', async () => {
    const admin = await person('admin');
    expect((await call('POST', '/api/admin/agents/999999/approve', admin.cookie)).status).toBe(404);
  });
});

describe('new submissions', () => {
  it('are queued, approved once, listed publicly and found by search, and the owner is told', async () => {
    const admin = await person('admin');
    const owner = await person();
    const category = await f.createCategory();
    const agentId = await submitAgent(owner.cookie, category.slug, {
      name: 'Zyxquorn Planner',
      tags: ['planning'],
      githubStars: 7,
    });

    const queue = await call<AdminSubmissionList>(
      'GET',
      '/api/admin/submissions?status=pending',
      admin.cookie,
    );
    const entry = queue.body.submissions.find((submission) => submission.agentId === agentId);
    expect(entry).toMatchObject({
      kind: 'new',
      revisionId: null,
      current: null,
      agent: { name: 'Zyxquorn Planner', status: 'pending', verified: false },
      owner: { id: owner.user.id, email: owner.user.email },
      proposed: { name: 'Zyxquorn Planner', category: { slug: category.slug }, pricing: 'freemium' },
      githubStars: 7,
    });
    expect(entry?.changedFields).toContain('name');

    // Not public yet; this search also loads the typo-correction words before the approval.
    expect((await call<AgentListResponse>('GET', '/api/agents?q=zyxquorm', null)).body.agents).toEqual([]);

    const approved = await call('POST', `/api/admin/agents/${agentId}/approve`, admin.cookie);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ agentId, status: 'published', kind: 'new' });
    const twice = await call<ErrorBody>('POST', `/api/admin/agents/${agentId}/approve`, admin.cookie);
    expect(twice.status).toBe(409);
    expect(
      (
        await call('POST', `/api/admin/agents/${agentId}/reject`, admin.cookie, {
          reason: 'Too late for this one.',
        })
      ).status,
    ).toBe(409);

    const detail = await call<AgentDetail>('GET', `/api/agents/${agentId}`, null);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ name: 'Zyxquorn Planner', status: 'published' });
    const listed = await call<AgentListResponse>('GET', `/api/agents?category=${category.slug}`, null);
    expect(listed.body.agents.map((agent) => agent.id)).toEqual([agentId]);
    const found = await call<AgentListResponse>('GET', '/api/agents?q=zyxquorn', null);
    expect(found.body.agents.map((agent) => agent.id)).toContain(agentId);
    // Typo tolerance knows the new word at once.
    const misspelt = await call<AgentListResponse>('GET', '/api/agents?q=zyxquorm', null);
    expect(misspelt.body.agents.map((agent) => agent.id)).toContain(agentId);
    const categories = await call<CategoryList>('GET', '/api/categories', null);
    expect(categories.body.categories.find((entry) => entry.slug === category.slug)?.agentCount).toBe(1);

    expect(await notificationsOf(owner.cookie)).toContainEqual(
      expect.objectContaining({
        type: 'system',
        title: 'Your agent is live',
        link: `/agents/${detail.body.slug}`,
      }),
    );
    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agentId}/status`, owner.cookie);
    expect(status.body.events.map((event) => [event.kind, event.actor])).toEqual([
      ['submitted', 'owner'],
      ['approved', 'admin'],
    ]);
    const queueAfter = await call<AdminSubmissionList>('GET', '/api/admin/submissions', admin.cookie);
    expect(queueAfter.body.submissions.some((submission) => submission.agentId === agentId)).toBe(false);
  });

  it('are rejected with a reason the owner sees on the status call and in the notification', async () => {
    const admin = await person('admin');
    const owner = await person();
    const category = await f.createCategory();
    const agentId = await submitAgent(owner.cookie, category.slug, { name: 'Rejected Robot' });

    const noReason = await call<ErrorBody>('POST', `/api/admin/agents/${agentId}/reject`, admin.cookie, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.reason).toEqual(['Give the owner a reason']);
    const tooShort = await call('POST', `/api/admin/agents/${agentId}/reject`, admin.cookie, {
      reason: 'no',
    });
    expect(tooShort.status).toBe(400);

    const reason = 'The description does not say what the agent does.';
    const rejected = await call('POST', `/api/admin/agents/${agentId}/reject`, admin.cookie, { reason });
    expect(rejected.body).toEqual({ agentId, status: 'rejected', kind: 'new' });
    expect((await call('POST', `/api/admin/agents/${agentId}/reject`, admin.cookie, { reason })).status).toBe(
      409,
    );
    expect((await call('POST', `/api/admin/agents/${agentId}/approve`, admin.cookie)).status).toBe(409);

    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agentId}/status`, owner.cookie);
    expect(status.body.agent).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(status.body.events.at(-1)).toMatchObject({ kind: 'rejected', actor: 'admin', message: reason });
    const notice = (await notificationsOf(owner.cookie)).find(
      (notification) => notification.title === 'Your submission was not approved',
    );
    expect(notice).toMatchObject({ link: `/agent-status/${agentId}` });
    expect(notice?.message).toContain(reason);
    expect((await call('GET', `/api/agents/${agentId}`, null)).status).toBe(404);
  });
});

describe('revisions of published agents', () => {
  it('leave the live listing unchanged until approved, then replace it', async () => {
    const admin = await person('admin');
    const owner = await person();
    const before = await f.createCategory();
    const after = await f.createCategory();
    const agent = await f.createAgent({ owner_id: owner.user.id, name: 'Steady Agent', category: before });

    const edit = await call('PUT', `/api/user/agents/${agent.id}`, owner.cookie, {
      name: 'Shiny Agent',
      tagline: 'A better tagline for the same agent',
      description: 'The same agent, described better than it was before this edit.',
      category: after.slug,
      websiteUrl: 'https://shiny.example',
      pricing: 'paid',
      tags: ['shiny'],
    });
    expect(edit.status).toBe(200);
    expect((await call<AgentDetail>('GET', `/api/agents/${agent.slug}`, null)).body.name).toBe(
      'Steady Agent',
    );
    expect(await notificationsOf(admin.cookie)).toContainEqual(
      expect.objectContaining({ title: 'New submission', link: '/admin/dashboard' }),
    );

    const queue = await call<AdminSubmissionList>('GET', '/api/admin/submissions', admin.cookie);
    const entry = queue.body.submissions.find((submission) => submission.agentId === agent.id);
    expect(entry).toMatchObject({
      kind: 'revision',
      current: { name: 'Steady Agent', category: { slug: before.slug } },
      proposed: { name: 'Shiny Agent', category: { slug: after.slug }, pricing: 'paid' },
    });
    expect(entry?.revisionId).toEqual(expect.any(Number));
    expect(entry?.changedFields).toEqual(
      expect.arrayContaining(['name', 'tagline', 'description', 'category', 'websiteUrl', 'pricing', 'tags']),
    );
    expect(entry?.changedFields).not.toContain('license');

    const approved = await call('POST', `/api/admin/agents/${agent.id}/approve`, admin.cookie);
    expect(approved.body).toEqual({ agentId: agent.id, status: 'published', kind: 'revision' });
    expect((await call('POST', `/api/admin/agents/${agent.id}/approve`, admin.cookie)).status).toBe(409);

    const live = await call<AgentDetail>('GET', `/api/agents/${agent.slug}`, null);
    expect(live.body).toMatchObject({
      name: 'Shiny Agent',
      pricing: 'paid',
      tags: ['shiny'],
      category: { slug: after.slug },
    });
    const counts = (await call<CategoryList>('GET', '/api/categories', null)).body.categories;
    expect(counts.find((entry) => entry.slug === before.slug)?.agentCount).toBe(0);
    expect(counts.find((entry) => entry.slug === after.slug)?.agentCount).toBe(1);
    expect(await notificationsOf(owner.cookie)).toContainEqual(
      expect.objectContaining({ type: 'system', title: 'Your changes are live' }),
    );
    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agent.id}/status`, owner.cookie);
    expect(status.body.events.map((event) => event.kind)).toEqual([
      'revision_submitted',
      'revision_approved',
    ]);
    expect(status.body.pendingRevision).toBeNull();
  });

  it('when rejected, leave the live listing as it was and tell the owner why', async () => {
    const admin = await person('admin');
    const owner = await person();
    const category = await f.createCategory();
    const agent = await f.createAgent({ owner_id: owner.user.id, name: 'Kept Agent', category });
    await call('PUT', `/api/user/agents/${agent.id}`, owner.cookie, {
      name: 'Spammy Agent',
      tagline: 'Buy now buy now buy now buy now',
      description: 'An edit that should not be approved by any sensible moderator.',
      category: category.slug,
      websiteUrl: 'https://spam.example',
      pricing: 'free',
    });
    const reason = 'The new name and tagline read as advertising.';
    const rejected = await call('POST', `/api/admin/agents/${agent.id}/reject`, admin.cookie, { reason });
    expect(rejected.body).toEqual({ agentId: agent.id, status: 'published', kind: 'revision' });

    expect((await call<AgentDetail>('GET', `/api/agents/${agent.slug}`, null)).body.name).toBe('Kept Agent');
    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agent.id}/status`, owner.cookie);
    expect(status.body.agent).toMatchObject({ status: 'published', hasPendingRevision: false });
    expect(status.body.events.at(-1)).toMatchObject({ kind: 'revision_rejected', message: reason });
    const notice = (await notificationsOf(owner.cookie)).find(
      (notification) => notification.title === 'Your changes were not approved',
    );
    expect(notice?.message).toContain(reason);
    expect(
      (await call('POST', `/api/admin/agents/${agent.id}/reject`, admin.cookie, { reason })).status,
    ).toBe(409);
  });
});

describe('a verified listing', () => {
  it('keeps its badge through an edit of its text, and loses it when the repository changes', async () => {
    const admin = await person('admin');
    const owner = await person();
    const category = await f.createCategory();
    const agent = await f.createAgent({
      owner_id: owner.user.id,
      verified: 1,
      github_repo: 'acme/badge',
      repo_url: 'https://github.com/acme/badge',
      category,
    });
    const fields = {
      name: 'Badge Holder',
      tagline: 'A verified agent with a new tagline',
      description: 'The same agent and the same repository, described a little better.',
      category: category.slug,
      repoUrl: 'https://github.com/acme/badge',
      pricing: 'free',
    };
    await call('PUT', `/api/user/agents/${agent.id}`, owner.cookie, fields);
    await call('POST', `/api/admin/agents/${agent.id}/approve`, admin.cookie);
    const badged = (await call<AgentDetail>('GET', `/api/agents/${agent.slug}`, null)).body;
    expect(badged.verified).toBe(true);

    await call('PUT', `/api/user/agents/${agent.id}`, owner.cookie, {
      ...fields,
      repoUrl: 'https://github.com/acme/other-repo',
    });
    await call('POST', `/api/admin/agents/${agent.id}/approve`, admin.cookie);
    const unbadged = (await call<AgentDetail>('GET', `/api/agents/${agent.slug}`, null)).body;
    expect(unbadged.verified).toBe(false);
    // The score loses the verification bonus with the badge, in the same write.
    expect(unbadged.reputationScore).toBeCloseTo(badged.reputationScore - 5, 6);
    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agent.id}/status`, owner.cookie);
    expect(status.body.events.at(-1)).toMatchObject({ kind: 'unverified', actor: 'system' });
  });
});

describe('figures', () => {
  it('count users, agents by status, reviews and reports, day by day over 30 days', async () => {
    const admin = await person('admin');
    const owner = await person();
    const category = await f.createCategory();
    const before = (await call<AdminStats>('GET', '/api/admin/stats', admin.cookie)).body;
    expect(before.daily).toHaveLength(30);
    expect(before.daily.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));

    await submitAgent(owner.cookie, category.slug, { name: 'Counted Agent' });
    const published = await f.createAgent({ category, verified: 1 });
    await f.createReview({ agent: published });

    const stats = await call<AdminStats>('GET', '/api/admin/stats', admin.cookie);
    expect(stats.status).toBe(200);
    expect(stats.body.agents.pending).toBe(before.agents.pending + 1);
    expect(stats.body.agents.published).toBe(before.agents.published + 1);
    expect(stats.body.agents.verified).toBe(before.agents.verified + 1);
    expect(stats.body.agents.submittedLast30Days).toBe(before.agents.submittedLast30Days + 1);
    expect(stats.body.reviews.total).toBe(before.reviews.total + 1);
    // createReview makes its reviewer: one more user.
    expect(stats.body.users.total).toBe(before.users.total + 1);
    expect(stats.body.daily.at(-1)?.agents).toBe((before.daily.at(-1)?.agents ?? 0) + 1);
    expect(stats.body.daily.at(-1)?.reviews).toBe((before.daily.at(-1)?.reviews ?? 0) + 1);
  });
});
