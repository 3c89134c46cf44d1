import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail } from '../../src/shared/api/agents.js';
import type { GithubAuthUrl, VerificationEvidence } from '../../src/shared/api/github.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import { startFakeGithub, type FakeGithub, type FakeGithubRepo } from '../support/fake-github.js';
import { factories } from '../support/factories.js';
import { signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let github: FakeGithub;
let t: TestApp;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  github = await startFakeGithub();
  t = await createTestApp({
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_WEB_URL: github.url,
    GITHUB_API_URL: github.url,
  });
  f = factories(t.app);
});
afterAll(async () => {
  await t.close();
  await github.close();
});

/** Moves on with every person, so each test's GitHub accounts, logins and images are its own. */
let counter = 0;
const person = (role: 'user' | 'admin' = 'user') => {
  counter += 1;
  return signUpPerson(t, role);
};

/** An owner who connected GitHub as `login`, reaching the given repositories. */
async function connectedOwner(login: string, repositories: FakeGithubRepo[]) {
  const owner = await person();
  github.signIn({
    id: 9000 + counter,
    login,
    name: null,
    emails: [{ email: `${login}@example.com`, primary: true, verified: true }],
    repositories,
  });
  const { state } = (await (
    await t.request('/api/github/auth/url', { headers: { cookie: owner.cookie } })
  ).json()) as GithubAuthUrl;
  const code = github.authorize({ redirectUri: 'http://localhost:3000/submit-agent/github-callback', state });
  const callback = await t.request('/api/github/auth/callback', {
    method: 'POST',
    headers: { cookie: owner.cookie },
    json: { code, state },
  });
  expect(callback.status).toBe(200);
  return owner;
}

async function evidence(cookie: string, agentId: number) {
  const response = await t.request(`/api/admin/agents/${agentId}/evidence`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as VerificationEvidence;
}

const verify = (cookie: string, agentId: number, body?: { verified: boolean }) =>
  t.request(`/api/admin/agents/${agentId}/verify`, {
    method: 'POST',
    headers: { cookie },
    ...(body ? { json: body } : {}),
  });

describe('admin checks', () => {
  it('answers 401 signed out and 403 for a non-admin, on both calls', async () => {
    const agent = await f.createAgent();
    expect((await t.request(`/api/admin/agents/${agent.id}/evidence`)).status).toBe(401);
    expect((await verify('', agent.id)).status).toBe(401);
    const { cookie } = await person();
    expect((await t.request(`/api/admin/agents/${agent.id}/evidence`, { headers: { cookie } })).status).toBe(
      403,
    );
    expect((await verify(cookie, agent.id, { verified: true })).status).toBe(403);
    const row = await t.app.db.kysely
      .selectFrom('agents')
      .select('verified')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.verified).toBe(0);
  });

  it('answers 404 for an unknown agent', async () => {
    const admin = await person('admin');
    expect(
      (await t.request('/api/admin/agents/999999/evidence', { headers: { cookie: admin.cookie } })).status,
    ).toBe(404);
    expect((await verify(admin.cookie, 999999)).status).toBe(404);
  });
});

describe('verification evidence', () => {
  it('says when the listing names no repository, and when the owner has not connected GitHub', async () => {
    const admin = await person('admin');
    const owner = await person();
    const noRepo = await f.createAgent({ owner_id: owner.user.id });
    expect(await evidence(admin.cookie, noRepo.id)).toMatchObject({
      agentId: noRepo.id,
      githubRepo: null,
      ownerConnected: false,
      controlsRepository: false,
      summary: 'This listing names no GitHub repository.',
    });

    const unconnected = await f.createAgent({ owner_id: owner.user.id, github_repo: 'someone/agent' });
    const result = await evidence(admin.cookie, unconnected.id);
    expect(result).toMatchObject({
      githubRepo: 'someone/agent',
      ownerConnected: false,
      ownerGithubLogin: null,
      permission: null,
      controlsRepository: false,
      summary: 'The owner has not connected GitHub.',
    });
    expect(Number.isNaN(Date.parse(result.checkedAt))).toBe(false);

    const refused = await verify(admin.cookie, unconnected.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'The owner has not connected GitHub.',
    );
  });

  it('shows pull access as not controlling the repository, and refuses to verify on it', async () => {
    const admin = await person('admin');
    const login = `reader${counter}`;
    const owner = await connectedOwner(login, [
      { owner: 'bigcorp', name: 'their-agent', permission: 'pull' },
    ]);
    const agent = await f.createAgent({ owner_id: owner.user.id, github_repo: 'bigcorp/their-agent' });
    expect(await evidence(admin.cookie, agent.id)).toMatchObject({
      ownerConnected: true,
      ownerGithubLogin: login,
      permission: 'pull',
      controlsRepository: false,
      summary: `${login} has only pull access to bigcorp/their-agent on GitHub, which does not show control of it.`,
    });
    expect((await verify(admin.cookie, agent.id)).status).toBe(409);

    const elsewhere = await f.createAgent({ owner_id: owner.user.id, github_repo: 'bigcorp/unknown' });
    expect(await evidence(admin.cookie, elsewhere.id)).toMatchObject({
      ownerConnected: true,
      permission: null,
      controlsRepository: false,
      summary: `${login} has no access to bigcorp/unknown on GitHub (or it does not exist).`,
    });
  });
});

describe('verifying', () => {
  it('verifies with admin permission: badge, score bonus, timeline, owner notified, public listing updated', async () => {
    const admin = await person('admin');
    const login = `octocat${counter}`;
    const owner = await connectedOwner(login, [{ owner: login, name: 'hello-agent' }]);
    const agent = await f.createAgent({ owner_id: owner.user.id, github_repo: `${login}/hello-agent` });

    const before = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(before.verified).toBe(false);

    expect(await evidence(admin.cookie, agent.id)).toMatchObject({
      githubRepo: `${login}/hello-agent`,
      ownerConnected: true,
      ownerGithubLogin: login,
      permission: 'admin',
      controlsRepository: true,
      summary: `${login} has admin access to ${login}/hello-agent on GitHub.`,
    });

    const response = await verify(admin.cookie, agent.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ agentId: agent.id, verified: true });

    const after = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(after.verified).toBe(true);
    expect(after.reputationScore).toBeCloseTo(before.reputationScore + 5, 1);

    const events = await t.app.db.kysely
      .selectFrom('agent_events')
      .select(['kind', 'actor', 'actor_id'])
      .where('agent_id', '=', agent.id)
      .execute();
    expect(events).toEqual([{ kind: 'verified', actor: 'admin', actor_id: admin.user.id }]);

    const { notifications } = (await (
      await t.request('/api/notifications', { headers: { cookie: owner.cookie } })
    ).json()) as NotificationListResponse;
    expect(notifications[0]).toMatchObject({
      type: 'system',
      title: `${agent.name} is verified`,
      link: `/agents/${agent.slug}`,
    });

    // Verifying again changes nothing and records nothing.
    expect((await verify(admin.cookie, agent.id)).status).toBe(200);

    const unverified = await verify(admin.cookie, agent.id, { verified: false });
    expect(await unverified.json()).toEqual({ agentId: agent.id, verified: false });
    const reverted = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(reverted.verified).toBe(false);
    expect(reverted.reputationScore).toBeCloseTo(before.reputationScore, 1);
    const kinds = await t.app.db.kysely
      .selectFrom('agent_events')
      .select('kind')
      .where('agent_id', '=', agent.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['verified', 'unverified']);
  });

  it('verifies a pending submission with push access but never a rejected one', async () => {
    const admin = await person('admin');
    const login = `pusher${counter}`;
    const owner = await connectedOwner(login, [
      { owner: 'team', name: 'pending-agent', permission: 'push' },
      { owner: 'team', name: 'rejected-agent', permission: 'admin' },
    ]);
    const pending = await f.createAgent({
      owner_id: owner.user.id,
      github_repo: 'team/pending-agent',
      status: 'pending',
    });
    expect((await verify(admin.cookie, pending.id)).status).toBe(200);

    const rejected = await f.createAgent({
      owner_id: owner.user.id,
      github_repo: 'team/rejected-agent',
      status: 'rejected',
    });
    const refused = await verify(admin.cookie, rejected.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'A rejected listing cannot be verified.',
    );
  });

  it('drops an owner connection GitHub no longer accepts and says so', async () => {
    const admin = await person('admin');
    const login = `expired${counter}`;
    const owner = await connectedOwner(login, [{ owner: login, name: 'agent' }]);
    const agent = await f.createAgent({ owner_id: owner.user.id, github_repo: `${login}/agent` });
    github.revokeTokens();
    const result = await evidence(admin.cookie, agent.id);
    expect(result).toMatchObject({ ownerConnected: false, controlsRepository: false });
    expect(result.summary).toContain('connect GitHub again');
    expect((await verify(admin.cookie, agent.id)).status).toBe(409);
  });
});
