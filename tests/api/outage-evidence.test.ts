import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail } from '../../src/shared/api/agents.js';
import type { Claim } from '../../src/shared/api/claims.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type { AgentHealth } from '../../src/shared/api/probes.js';
import type { AgentRecord } from '../../src/shared/api/record.js';
import { CLAIM_RECHECK_MS } from '../../src/shared/trust.js';
import { startFakeDns } from '../support/fake-dns.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { startFakeWellKnown } from '../support/fake-well-known.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * An outage on AgentAtlas's side (its DNS resolver stopped) is no evidence against an owner: claims
 * and probes checked meanwhile stay as they were, however often someone presses "check".
 */

const DAY = CLAIM_RECHECK_MS;
let t: TestApp;
let f: ReturnType<typeof factories>;
let dns: Awaited<ReturnType<typeof startFakeDns>>;
let mcp: Awaited<ReturnType<typeof startFakeMcp>>;
let site: Awaited<ReturnType<typeof startFakeWellKnown>>;

beforeAll(async () => {
  dns = await startFakeDns({
    a: { 'mcp.outage.test': ['127.0.0.1'], 'site.outage.test': ['127.0.0.1'] },
    txt: {},
  });
  mcp = await startFakeMcp();
  site = await startFakeWellKnown();
  t = await createTestApp({ DNS_SERVERS: dns.server, OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([dns.close(), mcp.close(), site.close()]);
});

/** The resolver goes away (its port refuses), then comes back on the same port with the same records. */
async function stopDns(options: { idleConnections?: boolean } = {}) {
  await dns.close();
  // Kept-alive connections (2 s, on undici's coarse timers) would reach a server without a look-up.
  if (options.idleConnections) await new Promise((resolve) => setTimeout(resolve, 4_000));
}
async function restartDns() {
  dns = await startFakeDns(dns.records, { port: dns.port });
}

async function ownedAgent(overrides: Parameters<typeof f.createAgent>[0] = {}) {
  const owner = await signUpPerson(t);
  const agent = await f.createAgent({ owner_id: owner.user.id, ...overrides });
  return { owner, agent };
}

const check = async (cookie: string, agentId: number, claimId: number) => {
  const { status, body } = await callApi<Claim>(
    t,
    'POST',
    `/api/agents/${agentId}/claims/${claimId}/check`,
    cookie,
  );
  expect(status).toBe(200);
  return body;
};
const isVerified = async (agentId: number) =>
  ((await (await t.request(`/api/agents/${agentId}`)).json()) as AgentDetail).verified;
const recordKinds = async (agentId: number) =>
  (await callApi<AgentRecord>(t, 'GET', `/api/agents/${agentId}/record`, null)).body.entries.map(
    (entry) => entry.kind,
  );

/** Makes the agent's active claims due and runs the daily re-check as if at `at`. */
async function recheckAt(agentId: number, at: number) {
  await t.app.db.kysely
    .updateTable('ownership_claims')
    .set({ next_check_at: new Date(at - 1000).toISOString() })
    .where('agent_id', '=', agentId)
    .where('status', '=', 'active')
    .execute();
  await t.app.claimScheduler.runRound(at);
}

async function claimStatus(agentId: number) {
  return t.app.db.kysely
    .selectFrom('ownership_claims')
    .select(['status', 'consecutive_failures', 'detail', 'unchecked_since'])
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
}

describe('ownership claims while our resolver is down', () => {
  it('stay active however often "check" is pressed and through daily checks; the record says so once', async () => {
    const admin = await signUpPerson(t, 'admin');
    const { owner, agent } = await ownedAgent();
    const subject = `outage-${agent.id}.example.com`;
    const made = (
      await callApi<Claim>(t, 'POST', `/api/agents/${agent.id}/claims`, owner.cookie, {
        method: 'dns',
        subject,
      })
    ).body;
    dns.records.txt![subject] = [`agentatlas-verification=${made.token}`];
    expect((await check(owner.cookie, agent.id, made.id)).status).toBe('active');
    expect((await callApi(t, 'POST', `/api/admin/agents/${agent.id}/verify`, admin.cookie, {})).status).toBe(
      200,
    );

    await stopDns();
    try {
      for (let press = 0; press < 5; press += 1) {
        const checked = await check(admin.cookie, agent.id, made.id);
        expect(checked.status).toBe('active');
        expect(checked.detail).toMatch(/could not be asked/);
        expect(checked.uncheckedSince).not.toBeNull();
      }
      const now = Date.now();
      for (let day = 1; day <= 4; day += 1) await recheckAt(agent.id, now + day * DAY);
      expect(await claimStatus(agent.id)).toMatchObject({ status: 'active', consecutive_failures: 0 });
      expect(await isVerified(agent.id)).toBe(true);
      expect((await recordKinds(agent.id)).filter((kind) => kind === 'claim_unchecked')).toHaveLength(1);
      const titles = (
        await callApi<NotificationListResponse>(t, 'GET', '/api/notifications', owner.cookie)
      ).body.notifications.map((notification) => notification.title);
      expect(titles.some((title) => /lapsed|no longer verified/.test(title))).toBe(false);
    } finally {
      await restartDns();
    }

    // Back up, the check can be made again: the streak ends.
    expect((await check(owner.cookie, agent.id, made.id)).uncheckedSince).toBeNull();
  });

  it('a well-known file on a host our resolver cannot look up is not checked, and does not count', async () => {
    const { owner, agent } = await ownedAgent();
    const subject = site.host.replace('127.0.0.1', 'site.outage.test');
    const made = (
      await callApi<Claim>(t, 'POST', `/api/agents/${agent.id}/claims`, owner.cookie, {
        method: 'well-known',
        subject,
      })
    ).body;
    site.state.body = made.token!;
    expect((await check(owner.cookie, agent.id, made.id)).status).toBe('active');
    site.state.body = null;

    await stopDns({ idleConnections: true });
    try {
      for (let press = 0; press < 4; press += 1) {
        const checked = await check(owner.cookie, agent.id, made.id);
        expect(checked).toMatchObject({ status: 'active' });
        expect(checked.detail).toMatch(
          /could not be asked: Our DNS resolver could not be asked about site\.outage\.test/,
        );
      }
    } finally {
      await restartDns();
    }
    expect(await claimStatus(agent.id)).toMatchObject({ status: 'active', consecutive_failures: 0 });
    // Asked, the host says the file is gone: that one counts.
    expect((await check(owner.cookie, agent.id, made.id)).detail).toMatch(/answered HTTP 404/);
    expect(await claimStatus(agent.id)).toMatchObject({ consecutive_failures: 1 });
  });

  it('a record really gone lapses only after three failures a day apart, however often checked between', async () => {
    const { owner, agent } = await ownedAgent();
    const subject = `gone-${agent.id}.example.com`;
    const made = (
      await callApi<Claim>(t, 'POST', `/api/agents/${agent.id}/claims`, owner.cookie, {
        method: 'dns',
        subject,
      })
    ).body;
    dns.records.txt![subject] = [`agentatlas-verification=${made.token}`];
    expect((await check(owner.cookie, agent.id, made.id)).status).toBe('active');

    delete dns.records.txt![subject];
    // The three presses within milliseconds: one failure counts, the claim stays active.
    for (let press = 0; press < 3; press += 1)
      expect((await check(owner.cookie, agent.id, made.id)).status).toBe('active');
    expect(await claimStatus(agent.id)).toMatchObject({ status: 'active', consecutive_failures: 1 });

    const now = Date.now();
    await recheckAt(agent.id, now + DAY);
    // Half a day later does not count either.
    await recheckAt(agent.id, now + DAY + DAY / 2);
    expect(await claimStatus(agent.id)).toMatchObject({ status: 'active', consecutive_failures: 2 });
    await recheckAt(agent.id, now + 2 * DAY);
    expect(await claimStatus(agent.id)).toMatchObject({ status: 'lapsed', consecutive_failures: 3 });
    expect(await recordKinds(agent.id)).toContain('claim_lapsed');
  });
});

describe('probes while our resolver is down', () => {
  it('an endpoint is unknown for the round, never down, with no incident however many probes', async () => {
    const url = mcp.url.replace('127.0.0.1', 'mcp.outage.test');
    const { owner, agent } = await ownedAgent({ status: 'published', mcp_url: url });
    const probe = async () => {
      const { status, body } = await callApi<AgentHealth>(
        t,
        'POST',
        `/api/agents/${agent.id}/probe`,
        owner.cookie,
      );
      expect(status).toBe(200);
      return body.endpoints[0]!;
    };
    // Answering (slow, on a loaded machine, is "degraded": available too).
    const answering = expect.stringMatching(/^(up|degraded)$/);
    expect(await probe()).toMatchObject({ status: answering, uptime: { d1: 1 } });

    await stopDns({ idleConnections: true });
    try {
      for (let round = 0; round < 4; round += 1) {
        const endpoint = await probe();
        expect(endpoint.status).toBe('unknown');
        expect(endpoint.detail).toMatch(/Not probed this round: Our DNS resolver could not be asked/);
        // No sample: uptime is what the probes that could be made found.
        expect(endpoint.uptime.d1).toBe(1);
      }
    } finally {
      await restartDns();
    }
    const row = await t.app.db.kysely
      .selectFrom('agent_endpoints')
      .select('consecutive_failures')
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.consecutive_failures).toBe(0);
    expect(await recordKinds(agent.id)).not.toContain('incident');
    expect(await probe()).toMatchObject({ status: answering });
  });

  it('a name that does not exist, asked of a working resolver, is down as before', async () => {
    const { owner, agent } = await ownedAgent({
      status: 'published',
      mcp_url: mcp.url.replace('127.0.0.1', 'nowhere.outage.test'),
    });
    const { body } = await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);
    expect(body.endpoints[0]).toMatchObject({ status: 'down' });
  });
});
