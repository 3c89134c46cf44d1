import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail, AgentListResponse } from '../../src/shared/api/agents.js';
import type { Claim, ClaimsResponse, VerificationEvidence } from '../../src/shared/api/claims.js';
import type { GithubAuthUrl } from '../../src/shared/api/github.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type { AgentRecord, Appeal, AppealList } from '../../src/shared/api/record.js';
import { startFakeDns } from '../support/fake-dns.js';
import { startFakeGithub, type FakeGithub, type FakeGithubRepo } from '../support/fake-github.js';
import { startFakeWellKnown } from '../support/fake-well-known.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let github: FakeGithub;
let dns: Awaited<ReturnType<typeof startFakeDns>>;
let site: Awaited<ReturnType<typeof startFakeWellKnown>>;
let t: TestApp;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  github = await startFakeGithub();
  dns = await startFakeDns({ txt: {} });
  site = await startFakeWellKnown();
  t = await createTestApp({
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_WEB_URL: github.url,
    GITHUB_API_URL: github.url,
    DNS_SERVERS: dns.server,
    OUTBOUND_ALLOW_PRIVATE: 'true',
  });
  f = factories(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([github.close(), dns.close(), site.close()]);
});

let counter = 0;
const person = (role: 'user' | 'admin' = 'user') => {
  counter += 1;
  return signUpPerson(t, role);
};

async function ownedAgent(overrides: Parameters<typeof f.createAgent>[0] = {}) {
  const owner = await person();
  const agent = await f.createAgent({ owner_id: owner.user.id, ...overrides });
  return { owner, agent };
}

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

const claim = (cookie: string, agentId: number, body: unknown) =>
  callApi<Claim & { message?: string; details?: Record<string, string[]> }>(
    t,
    'POST',
    `/api/agents/${agentId}/claims`,
    cookie,
    body,
  );
const check = (cookie: string, agentId: number, claimId: number) =>
  callApi<Claim>(t, 'POST', `/api/agents/${agentId}/claims/${claimId}/check`, cookie);
const verify = (cookie: string, agentId: number, verified = true) =>
  callApi<{ message?: string; verified?: boolean }>(
    t,
    'POST',
    `/api/admin/agents/${agentId}/verify`,
    cookie,
    {
      verified,
    },
  );
const record = async (idOrSlug: string | number, cookie: string | null = null) => {
  const { status, body } = await callApi<AgentRecord>(t, 'GET', `/api/agents/${idOrSlug}/record`, cookie);
  expect(status).toBe(200);
  return body.entries;
};

/** Makes every active claim of the agent due and runs the daily re-check. */
async function recheckNow(agentId: number) {
  await t.app.db.kysely
    .updateTable('ownership_claims')
    .set({ next_check_at: new Date(Date.now() - 1000).toISOString() })
    .where('agent_id', '=', agentId)
    .where('status', '=', 'active')
    .execute();
  await t.app.claimScheduler.runRound();
}

describe('making claims', () => {
  it('needs the owner: 401 signed out, 404 for anybody else as for no agent', async () => {
    const { agent } = await ownedAgent();
    expect((await claim('', agent.id, { method: 'dns', subject: 'example.com' })).status).toBe(401);
    const stranger = await person();
    expect((await claim(stranger.cookie, agent.id, { method: 'dns', subject: 'example.com' })).status).toBe(
      404,
    );
    expect((await claim(stranger.cookie, 999999, { method: 'dns', subject: 'example.com' })).status).toBe(
      404,
    );
    // Checking and removing someone else's claim are answered the same way; the claim stays.
    const { owner, agent: owned } = await ownedAgent();
    const made = (await claim(owner.cookie, owned.id, { method: 'dns', subject: 'kept.example.com' })).body;
    expect((await check(stranger.cookie, owned.id, made.id)).status).toBe(404);
    expect(
      (await callApi(t, 'DELETE', `/api/agents/${owned.id}/claims/${made.id}`, stranger.cookie)).status,
    ).toBe(404);
    expect((await check(owner.cookie, owned.id, 999999)).status).toBe(404);
    const after = await callApi<ClaimsResponse>(t, 'GET', `/api/agents/${owned.id}/claims`, null);
    expect(after.body.claims.map((entry) => entry.id)).toEqual([made.id]);
  });

  it('refuses a subject that does not fit the method, naming the field', async () => {
    const { owner, agent } = await ownedAgent();
    const cases: [unknown, string][] = [
      [{ method: 'dns', subject: 'not a domain' }, 'subject must be a domain name, like agent.example.com'],
      [{ method: 'github', subject: 'no-slash' }, 'subject must be a GitHub repository, like owner/name'],
      [{ method: 'carrier-pigeon', subject: 'x.com' }, 'method must be one of dns, well-known, github'],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await claim(owner.cookie, agent.id, body);
      expect(status).toBe(400);
      expect(JSON.stringify(answer.details)).toContain(message);
    }
  });

  it('answers the token and instructions to the owner only, and 409 for the same claim twice', async () => {
    const { owner, agent } = await ownedAgent();
    const made = await claim(owner.cookie, agent.id, { method: 'dns', subject: 'Agent.Example.com.' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ method: 'dns', subject: 'agent.example.com', status: 'pending' });
    expect(made.body.token).toMatch(/^[0-9a-f]{32}$/);
    expect(made.body.instructions).toBe(
      `Add a TXT record to agent.example.com with the value agentatlas-verification=${made.body.token}, then press Check.`,
    );
    expect(
      (await claim(owner.cookie, agent.id, { method: 'dns', subject: 'agent.example.com' })).status,
    ).toBe(409);

    const publicView = await callApi<ClaimsResponse>(t, 'GET', `/api/agents/${agent.slug}/claims`, null);
    expect(publicView.body.claims).toHaveLength(1);
    expect(publicView.body.claims[0]).not.toHaveProperty('token');
    const ownerView = await callApi<ClaimsResponse>(t, 'GET', `/api/agents/${agent.id}/claims`, owner.cookie);
    expect(ownerView.body.claims[0]!.token).toBe(made.body.token);
  });
});

describe('checking claims', () => {
  it('dns: active once the TXT record carries the token; a wrong token says so', async () => {
    const { owner, agent } = await ownedAgent();
    const subject = `dns-${counter}.example.com`;
    const made = (await claim(owner.cookie, agent.id, { method: 'dns', subject })).body;

    const missing = await check(owner.cookie, agent.id, made.id);
    expect(missing.body).toMatchObject({ status: 'pending', detail: `${subject} has no TXT records.` });

    dns.records.txt![subject] = ['v=spf1 -all', 'agentatlas-verification=someone-elses'];
    expect((await check(owner.cookie, agent.id, made.id)).body.detail).toBe(
      `${subject} has an agentatlas-verification TXT record, but with another token.`,
    );

    dns.records.txt![subject] = [`agentatlas-verification=${made.token}`];
    const active = (await check(owner.cookie, agent.id, made.id)).body;
    expect(active.status).toBe('active');
    expect(active.verifiedAt).not.toBeNull();
    expect(Date.parse(active.nextCheckAt!) - Date.parse(active.checkedAt!)).toBe(24 * 60 * 60 * 1000);
  });

  it('well-known: active when the file on the subject holds the token', async () => {
    const { owner, agent } = await ownedAgent();
    const made = (await claim(owner.cookie, agent.id, { method: 'well-known', subject: site.host })).body;
    site.state.body = null;
    expect((await check(owner.cookie, agent.id, made.id)).body.detail).toContain('answered HTTP 404');
    site.state.body = `# AgentAtlas\n${made.token}\n`;
    expect((await check(owner.cookie, agent.id, made.id)).body.status).toBe('active');
  });

  it('github: push access through the owner’s connection; read access is not enough', async () => {
    const login = `claimer${counter}`;
    const owner = await connectedOwner(login, [
      { owner: login, name: 'mine', permission: 'push' },
      { owner: 'bigcorp', name: 'theirs', permission: 'pull' },
    ]);
    const agent = await f.createAgent({ owner_id: owner.user.id });
    const mine = (await claim(owner.cookie, agent.id, { method: 'github', subject: `${login}/mine` })).body;
    expect(mine.instructions).toContain('Connect the GitHub account');
    const checked = (await check(owner.cookie, agent.id, mine.id)).body;
    expect(checked).toMatchObject({
      status: 'active',
      detail: `${login} has push access to ${login}/mine on GitHub.`,
    });
    const theirs = (await claim(owner.cookie, agent.id, { method: 'github', subject: 'bigcorp/theirs' }))
      .body;
    expect((await check(owner.cookie, agent.id, theirs.id)).body).toMatchObject({
      status: 'pending',
      detail: `${login} cannot push to bigcorp/theirs on GitHub.`,
    });

    const unconnected = await ownedAgent();
    const lone = (
      await claim(unconnected.owner.cookie, unconnected.agent.id, { method: 'github', subject: 'a/b' })
    ).body;
    expect((await check(unconnected.owner.cookie, unconnected.agent.id, lone.id)).body.detail).toBe(
      'The owner has not connected GitHub.',
    );
  });
});

describe('verification follows the claims', () => {
  it('an admin verifies only while a claim is active; 3 failed daily checks lapse it, withdraw the badge and tell the owner', async () => {
    const admin = await person('admin');
    const { owner, agent } = await ownedAgent();
    const subject = `lapse-${counter}.example.com`;

    const none = await callApi<VerificationEvidence>(
      t,
      'GET',
      `/api/admin/agents/${agent.id}/evidence`,
      admin.cookie,
    );
    expect(none.body).toMatchObject({
      canVerify: false,
      summary: 'The owner has made no ownership claim yet.',
    });
    const refused = await verify(admin.cookie, agent.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'An agent can be verified only while at least one ownership claim is active.',
    );

    const made = (await claim(owner.cookie, agent.id, { method: 'dns', subject })).body;
    dns.records.txt![subject] = [`agentatlas-verification=${made.token}`];
    await check(owner.cookie, agent.id, made.id);
    const evidence = await callApi<VerificationEvidence>(
      t,
      'GET',
      `/api/admin/agents/${agent.id}/evidence`,
      admin.cookie,
    );
    expect(evidence.body).toMatchObject({
      canVerify: true,
      summary: `Ownership is shown by the DNS TXT record on ${subject}.`,
    });
    expect(evidence.body.claims[0]).not.toHaveProperty('token');
    expect((await verify(admin.cookie, agent.id)).status).toBe(200);

    // The record disappears: two failed checks keep the claim active, the third lapses it.
    delete dns.records.txt![subject];
    await recheckNow(agent.id);
    await recheckNow(agent.id);
    let claims = (await callApi<ClaimsResponse>(t, 'GET', `/api/agents/${agent.id}/claims`, null)).body
      .claims;
    expect(claims[0]).toMatchObject({ status: 'active', detail: `${subject} has no TXT records.` });
    expect(((await (await t.request(`/api/agents/${agent.id}`)).json()) as AgentDetail).verified).toBe(true);
    await recheckNow(agent.id);
    claims = (await callApi<ClaimsResponse>(t, 'GET', `/api/agents/${agent.id}/claims`, null)).body.claims;
    expect(claims[0]).toMatchObject({ status: 'lapsed', nextCheckAt: null });
    expect(((await (await t.request(`/api/agents/${agent.id}`)).json()) as AgentDetail).verified).toBe(false);

    const { notifications } = (
      await callApi<NotificationListResponse>(t, 'GET', '/api/notifications', owner.cookie)
    ).body;
    expect(notifications.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        `An ownership claim on ${agent.name} lapsed`,
        `${agent.name} is no longer verified`,
      ]),
    );
    const kinds = (await record(agent.slug)).map((entry) => entry.kind);
    expect(kinds.slice(0, 4)).toEqual(['verification_lapsed', 'claim_lapsed', 'verified', 'claim_verified']);
  });

  it('the owner removing the last active claim withdraws the badge too', async () => {
    const admin = await person('admin');
    const { owner, agent } = await ownedAgent();
    site.state.body = null;
    const made = (await claim(owner.cookie, agent.id, { method: 'well-known', subject: site.host })).body;
    site.state.body = made.token!;
    await check(owner.cookie, agent.id, made.id);
    expect((await verify(admin.cookie, agent.id)).status).toBe(200);
    const removed = await t.request(`/api/agents/${agent.id}/claims/${made.id}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    expect(removed.status).toBe(204);
    expect(((await (await t.request(`/api/agents/${agent.id}`)).json()) as AgentDetail).verified).toBe(false);
  });
});

describe('the public record and appeals', () => {
  it('shows publication, upheld reports without the reporter, incidents; a rejected listing is the owner’s alone', async () => {
    const { owner, agent } = await ownedAgent();
    await t.app.services.agents.db.kysely
      .insertInto('agent_events')
      .values([
        {
          agent_id: agent.id,
          kind: 'submitted',
          actor: 'owner',
          actor_id: owner.user.id,
          message: null,
          created_at: '2026-01-01T00:00:00.000Z',
        },
        {
          agent_id: agent.id,
          kind: 'approved',
          actor: 'admin',
          actor_id: null,
          message: null,
          created_at: '2026-01-02T00:00:00.000Z',
        },
      ])
      .execute();
    const reporter = await person();
    await t.app.db.kysely
      .insertInto('reports')
      .values({
        reporter_id: reporter.user.id,
        agent_id: agent.id,
        review_id: null,
        reason: 'misleading',
        details: 'secret details',
        status: 'resolved',
        created_at: '2026-01-03T00:00:00.000Z',
        resolved_at: '2026-01-04T00:00:00.000Z',
        resolved_by: null,
      })
      .execute();
    const entries = await record(agent.slug);
    expect(entries.map((entry) => entry.kind)).toEqual(['report_upheld', 'published']);
    expect(entries[0]!.summary).toBe(
      'A report about the listing was upheld: Misleading or false information.',
    );
    expect(JSON.stringify(entries)).not.toContain(reporter.email);
    expect(JSON.stringify(entries)).not.toContain('secret details');

    const rejected = await ownedAgent({ status: 'rejected' });
    expect((await callApi(t, 'GET', `/api/agents/${rejected.agent.id}/record`, null)).status).toBe(404);
    expect(
      (await callApi(t, 'GET', `/api/agents/${rejected.agent.id}/record`, rejected.owner.cookie)).status,
    ).toBe(200);
  });

  it('an owner appeals a rejection once; upheld, the listing is back in review and the record says so', async () => {
    const admin = await person('admin');
    const { owner, agent } = await ownedAgent({ status: 'pending' });
    const rejectedResponse = await callApi(t, 'POST', `/api/admin/agents/${agent.id}/reject`, admin.cookie, {
      reason: 'The description does not say what the agent does.',
    });
    expect(rejectedResponse.status).toBe(200);

    const entries = await record(agent.id, owner.cookie);
    const rejection = entries.find((entry) => entry.kind === 'rejected')!;
    expect(rejection.summary).toBe(
      'Rejected by an administrator: The description does not say what the agent does.',
    );
    expect(rejection.appealEventId).toBeTypeOf('number');
    // Nobody else learns what can be appealed.
    expect(
      (await record(agent.id, admin.cookie)).find((entry) => entry.kind === 'rejected'),
    ).not.toHaveProperty('appealEventId');

    const stranger = await person();
    const body = { eventId: rejection.appealEventId, message: 'It does: it summarises meeting notes.' };
    expect((await callApi(t, 'POST', `/api/agents/${agent.id}/appeals`, stranger.cookie, body)).status).toBe(
      404,
    );
    expect(
      (
        await callApi(t, 'POST', `/api/agents/${agent.id}/appeals`, owner.cookie, {
          ...body,
          message: 'short',
        })
      ).status,
    ).toBe(400);
    const appeal = await callApi<Appeal>(t, 'POST', `/api/agents/${agent.id}/appeals`, owner.cookie, body);
    expect(appeal.status).toBe(201);
    expect(appeal.body).toMatchObject({ appealed: 'rejection', status: 'pending', message: body.message });
    expect((await callApi(t, 'POST', `/api/agents/${agent.id}/appeals`, owner.cookie, body)).status).toBe(
      409,
    );

    const queue = await callApi<AppealList>(t, 'GET', '/api/admin/appeals', admin.cookie);
    expect(queue.body.appeals.map((entry) => entry.id)).toContain(appeal.body.id);
    expect((await callApi(t, 'GET', '/api/admin/appeals', owner.cookie)).status).toBe(403);
    expect(
      (
        await callApi(t, 'POST', `/api/admin/appeals/${appeal.body.id}/decide`, owner.cookie, {
          outcome: 'upheld',
        })
      ).status,
    ).toBe(403);

    const decided = await callApi<Appeal>(
      t,
      'POST',
      `/api/admin/appeals/${appeal.body.id}/decide`,
      admin.cookie,
      {
        outcome: 'upheld',
        note: 'Fair point.',
      },
    );
    expect(decided.body).toMatchObject({ status: 'upheld', decisionNote: 'Fair point.' });
    expect(
      (
        await callApi(t, 'POST', `/api/admin/appeals/${appeal.body.id}/decide`, admin.cookie, {
          outcome: 'denied',
        })
      ).status,
    ).toBe(409);
    const row = await t.app.db.kysely
      .selectFrom('agents')
      .select('status')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const after = await record(agent.id, owner.cookie);
    expect(after[0]).toMatchObject({ kind: 'appeal_upheld' });
    expect(after[0]!.summary).toContain('The listing is back in review. Fair point.');
    expect(after.find((entry) => entry.kind === 'rejected')).not.toHaveProperty('appealEventId');
  });

  it('an upheld appeal of a lapse makes the claim active and gives the badge back', async () => {
    const admin = await person('admin');
    const { owner, agent } = await ownedAgent();
    const subject = `appeal-${counter}.example.com`;
    const made = (await claim(owner.cookie, agent.id, { method: 'dns', subject })).body;
    dns.records.txt![subject] = [`agentatlas-verification=${made.token}`];
    await check(owner.cookie, agent.id, made.id);
    await verify(admin.cookie, agent.id);
    delete dns.records.txt![subject];
    for (let i = 0; i < 3; i += 1) await recheckNow(agent.id);

    const lapse = (await record(agent.id, owner.cookie)).find((entry) => entry.kind === 'claim_lapsed')!;
    const appeal = await callApi<Appeal>(t, 'POST', `/api/agents/${agent.id}/appeals`, owner.cookie, {
      eventId: lapse.appealEventId,
      message: 'Our DNS provider had an outage that week.',
    });
    expect(appeal.body.appealed).toBe('lapse');
    await callApi(t, 'POST', `/api/admin/appeals/${appeal.body.id}/decide`, admin.cookie, {
      outcome: 'upheld',
    });
    const claims = (await callApi<ClaimsResponse>(t, 'GET', `/api/agents/${agent.id}/claims`, null)).body
      .claims;
    expect(claims[0]!.status).toBe('active');
    expect(((await (await t.request(`/api/agents/${agent.id}`)).json()) as AgentDetail).verified).toBe(true);
  });
});

describe('the badge', () => {
  it('shows the score, verified and uptime, with an ETag that answers 304; an unknown slug is a 404 badge', async () => {
    const { agent } = await ownedAgent({ verified: 1, reputation_score: 87.4 });
    const response = await t.request(`/badge/${agent.slug}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const svg = await response.text();
    expect(svg).toContain('score 87 · verified');
    expect(svg).not.toContain('% up');
    const etag = response.headers.get('etag')!;
    expect((await t.request(`/badge/${agent.slug}.svg`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );

    const endpoint = await t.app.db.kysely
      .insertInto('agent_endpoints')
      .values({
        agent_id: agent.id,
        kind: 'mcp',
        url: 'https://x.example/mcp',
        status: 'up',
        tools: '[]',
        consecutive_failures: 0,
        next_probe_at: '2099-01-01T00:00:00.000Z',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await t.app.db.kysely
      .insertInto('probe_results')
      .values([
        ...Array.from({ length: 9 }, () => ({
          endpoint_id: endpoint.id,
          checked_at: at,
          status: 'up' as const,
          latency_ms: 10,
        })),
        { endpoint_id: endpoint.id, checked_at: at, status: 'down' as const, latency_ms: null },
      ])
      .execute();
    const withUptime = await t.request(`/badge/${agent.slug}.svg`, { headers: { 'if-none-match': etag } });
    expect(withUptime.status).toBe(200);
    expect(await withUptime.text()).toContain('90.0% up');

    const unknown = await t.request('/badge/no-such-agent.svg');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('not found');
  });
});

describe('the health filter', () => {
  it('lists and searches agents whose endpoints answer, or fail', async () => {
    const word = `healthix${Date.now().toString(36)}`;
    const category = await f.createCategory();
    const make = (status: 'up' | 'down' | 'needs_auth' | null) =>
      f.createAgent({ name: `${word} ${status ?? 'none'}`, category }).then(async (agent) => {
        if (status)
          await t.app.db.kysely
            .insertInto('agent_endpoints')
            .values({
              agent_id: agent.id,
              kind: 'mcp',
              url: 'https://x.example/mcp',
              status,
              tools: '[]',
              consecutive_failures: 0,
              next_probe_at: '2099-01-01T00:00:00.000Z',
              created_at: new Date().toISOString(),
            })
            .execute();
        return agent;
      });
    const up = await make('up');
    const auth = await make('needs_auth');
    const down = await make('down');
    await make(null);
    const ids = async (query: string) =>
      ((await (await t.request(`/api/agents?${query}`)).json()) as AgentListResponse).agents
        .map((a) => a.id)
        .sort();
    expect(await ids(`category=${category.slug}&health=up`)).toEqual([up.id, auth.id].sort());
    expect(await ids(`category=${category.slug}&health=down`)).toEqual([down.id]);
    expect(await ids(`q=${word}&health=up`)).toEqual([up.id, auth.id].sort());
    expect(await ids(`q=${word}&health=down&sort=name`)).toEqual([down.id]);
    expect((await t.request('/api/agents?health=sideways')).status).toBe(400);
  });
});
