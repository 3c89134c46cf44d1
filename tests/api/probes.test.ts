import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type { AgentHealth, EndpointHealth } from '../../src/shared/api/probes.js';
import type { AgentRecord } from '../../src/shared/api/record.js';
import { ProbeScheduler } from '../../src/server/features/probes/probe-scheduler.js';
import { runProbeOf } from '../../src/server/features/probes/probe-runner.js';
import { createOutboundFetch } from '../../src/server/lib/outbound-fetch.js';
import { startFakeA2a } from '../support/fake-a2a.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let a2a: Awaited<ReturnType<typeof startFakeA2a>>;
const servers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
  a2a = await startFakeA2a();
});
afterAll(async () => {
  await t.close();
  await a2a.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function fakeMcp(options: Parameters<typeof startFakeMcp>[0] = {}) {
  const server = await startFakeMcp(options);
  servers.push(server);
  return server;
}

/** A published agent of a signed-up owner, naming the given endpoints. */
async function ownedAgent(endpoints: { mcpUrl?: string; agentCardUrl?: string }) {
  const owner = await signUpPerson(t);
  const agent = await f.createAgent({
    owner_id: owner.user.id,
    mcp_url: endpoints.mcpUrl ?? null,
    agent_card_url: endpoints.agentCardUrl ?? null,
  });
  return { owner, agent };
}

async function probeNow(agentId: number, cookie: string) {
  return callApi<AgentHealth>(t, 'POST', `/api/agents/${agentId}/probe`, cookie);
}

async function health(idOrSlug: number | string): Promise<EndpointHealth[]> {
  const { status, body } = await callApi<AgentHealth>(t, 'GET', `/api/agents/${idOrSlug}/health`, null);
  expect(status).toBe(200);
  return body.endpoints;
}

describe('MCP probes', () => {
  it('a healthy server is up, with its tools, latency and uptime', async () => {
    const mcp = await fakeMcp({ tools: ['search', 'fetch'] });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });

    const before = await health(agent.slug);
    expect(before).toEqual([]);

    const { status, body } = await probeNow(agent.id, owner.cookie);
    expect(status).toBe(200);
    const [endpoint] = body.endpoints;
    expect(endpoint).toMatchObject({ kind: 'mcp', url: mcp.url, status: 'up', detail: null });
    expect(endpoint!.tools.map((tool) => tool.name).sort()).toEqual(['fetch', 'search']);
    expect(endpoint!.tools[0]!.description).toMatch(/tool\.$/);
    expect(endpoint!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(endpoint!.uptime).toEqual({ d1: 1, d7: 1, d30: 1 });
    expect(endpoint!.days).toHaveLength(30);
    expect(endpoint!.days.at(-1)!.uptime).toBe(1);
    expect(endpoint!.days[0]!.uptime).toBeNull();
    // The first tool set observed is on the record, with nothing changed.
    expect(endpoint!.changes).toEqual([
      {
        at: endpoint!.checkedAt,
        toolSetHash: endpoint!.toolSetHash,
        previousToolSetHash: null,
        logIndex: null,
        items: [],
      },
    ]);
    // The same answer for everyone, by slug.
    expect((await health(agent.slug))[0]!.status).toBe('up');
  });

  it('a slow server is degraded; garbage is non_conformant; a 503 or a closed port is down', async () => {
    // Each of the handshake's three requests waits, so the whole takes over 2 s.
    const slow = await fakeMcp({ mode: 'slow', slowMs: 800 });
    const garbage = await fakeMcp({ mode: 'garbage' });
    const failing = await fakeMcp({ mode: 'error' });
    const closed = await fakeMcp();
    await closed.close();
    const cases = [
      [slow.url, 'degraded', /took/],
      [garbage.url, 'non_conformant', /not with MCP/],
      [failing.url, 'down', /503/],
      [closed.url, 'down', /could not be reached/],
    ] as const;
    for (const [url, status, detail] of cases) {
      const { owner, agent } = await ownedAgent({ mcpUrl: url });
      const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
      expect(endpoint, url).toMatchObject({ status });
      expect(endpoint!.detail).toMatch(detail);
      expect(endpoint!.uptime.d1).toBe(status === 'degraded' ? 1 : 0);
    }
  });

  it('a change of tools is recorded as a diff', async () => {
    const mcp = await fakeMcp({ tools: ['search', 'fetch'] });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
    await probeNow(agent.id, owner.cookie);
    mcp.state.tools = ['search', 'summarize', 'translate'];
    const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
    expect(endpoint!.tools.map((tool) => tool.name).sort()).toEqual(['search', 'summarize', 'translate']);
    expect(endpoint!.changes).toHaveLength(2);
    expect(endpoint!.changes[0]!.items).toEqual([
      { kind: 'removed', tool: 'fetch', from: null, detail: null },
      { kind: 'added', tool: 'summarize', from: null, detail: null },
      { kind: 'added', tool: 'translate', from: null, detail: null },
    ]);
    // A probe that finds the same tools adds no change.
    expect((await probeNow(agent.id, owner.cookie)).body.endpoints[0]!.changes).toHaveLength(2);
  });

  it('after 3 failures in a row the owner is notified once, and once more on recovery', async () => {
    const mcp = await fakeMcp({ mode: 'error' });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
    // Only what concerns the agent (a new account also has its welcome message).
    const notices = async () =>
      (
        await callApi<NotificationListResponse>(t, 'GET', '/api/notifications', owner.cookie)
      ).body.notifications.filter((notice) => notice.title.startsWith(agent.name));

    for (let probe = 1; probe <= 2; probe += 1) await probeNow(agent.id, owner.cookie);
    expect(await notices()).toEqual([]);
    await probeNow(agent.id, owner.cookie);
    expect((await notices()).map((notice) => notice.title)).toEqual([
      `${agent.name}'s MCP server is failing`,
    ]);
    await probeNow(agent.id, owner.cookie);
    expect(await notices()).toHaveLength(1);

    mcp.state.mode = 'healthy';
    const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
    expect(endpoint!.status).toBe('up');
    const titles = (await notices()).map((notice) => notice.title);
    expect(titles).toEqual([`${agent.name}'s MCP server is back`, `${agent.name}'s MCP server is failing`]);
    expect(endpoint!.uptime.d1).toBe(0.2);

    // The incident is public: the record shows when it started and when it ended.
    const { body: record } = await callApi<AgentRecord>(t, 'GET', `/api/agents/${agent.slug}/record`, null);
    expect(record.entries.map((entry) => entry.kind)).toEqual(['recovered', 'incident']);
    expect(record.entries[1]!.summary).toMatch(/^The MCP server failed 3 probes in a row: /);
  });
});

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const spoken = (version: string) => ({
  version,
  supported: true,
  detail: null,
  checkedAt: expect.any(String),
});
const refused = (version: string, detail: RegExp) => ({
  version,
  supported: false,
  detail: expect.stringMatching(detail),
  checkedAt: expect.any(String),
});

describe('MCP probes ask both protocol eras', () => {
  it.each([
    {
      server: 'a v2 server in modern-only mode (initialize refused)',
      mode: 'modern' as const,
      protocols: [
        spoken(MODERN),
        refused(LEGACY, /^Unsupported protocol version \(the server speaks 2026-07-28\)$/),
      ],
    },
    {
      server: 'a v2 server as it ships (both eras)',
      mode: 'dual' as const,
      protocols: [spoken(MODERN), spoken(LEGACY)],
    },
    {
      server: 'a v1 server (initialize only)',
      mode: 'healthy' as const,
      protocols: [refused(MODERN, /does not offer 2026-07-28/), spoken(LEGACY)],
    },
  ])('$server is up, with its tools and each era recorded', async ({ mode, protocols }) => {
    const mcp = await fakeMcp({ mode, tools: ['search', 'fetch'] });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
    const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
    expect(endpoint).toMatchObject({ status: 'up', detail: null, auth: null, protocols });
    expect(endpoint!.tools.map((tool) => tool.name).sort()).toEqual(['fetch', 'search']);
    expect(endpoint!.uptime.d1).toBe(1);
    // The same for everyone, from storage.
    expect((await health(agent.slug))[0]).toMatchObject({ status: 'up', protocols });
  });

  it('a server behind OAuth that says where credentials come from is needs_auth, with where and which scopes', async () => {
    for (const oauthHint of [true, false]) {
      // With the hint, WWW-Authenticate names the metadata; without, it is at the well-known location.
      const mcp = await fakeMcp({ mode: 'oauth', oauthHint });
      const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
      const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
      const auth = {
        resourceMetadata: `${mcp.origin}/.well-known/oauth-protected-resource/mcp`,
        authorizationServers: [`${mcp.origin}/as`],
        // What the protected-resource metadata (RFC 9728) and the authorization server (RFC 8414) advertise.
        scopes: { resource: ['mcp:tools'], authorizationServer: ['openid', 'mcp:tools', 'mcp:admin'] },
      };
      expect(endpoint, `hint: ${oauthHint}`).toMatchObject({
        status: 'needs_auth',
        tools: [],
        auth,
        // Whether it speaks an era is unknown behind the login: no revision is filed as refused.
        protocols: [],
      });
      expect(endpoint!.uptime.d1).toBe(1);
      expect(mcp.state.log).toContain('GET /.well-known/oauth-authorization-server/as');
      // The same for everyone, from storage.
      expect((await health(agent.slug))[0]).toMatchObject({ status: 'needs_auth', auth });
    }
  });

  it('credentials metadata stored before scopes were kept still reads, as advertising none', async () => {
    const mcp = await fakeMcp({ mode: 'oauth' });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
    await probeNow(agent.id, owner.cookie);
    const old = { resourceMetadata: `${mcp.origin}/prm`, authorizationServers: [`${mcp.origin}/as`] };
    await t.app.db.kysely
      .updateTable('agent_endpoints')
      .set({ auth: JSON.stringify(old) })
      .where('agent_id', '=', agent.id)
      .execute();
    const [endpoint] = await health(agent.slug);
    expect(endpoint).toMatchObject({
      status: 'needs_auth',
      auth: { ...old, scopes: { resource: null, authorizationServer: null } },
    });
  });

  it('a 401 with no metadata, or naming an authorization server that does not answer, is non_conformant and unavailable', async () => {
    const wall = await fakeMcp({ mode: 'auth' });
    const lost = await fakeMcp({ mode: 'oauth', oauthServerUp: false });
    for (const mcp of [wall, lost]) {
      const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
      const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
      expect(endpoint, mcp.state.mode).toMatchObject({
        status: 'non_conformant',
        detail: 'The server asks for credentials but does not say where to get them',
        auth: null,
      });
      expect(endpoint!.uptime.d1).toBe(0);
    }
  });

  it('an HTML page is non_conformant in both eras; a server that never answers is down', async () => {
    const page = await fakeMcp({ mode: 'html' });
    const silent = await fakeMcp({ mode: 'hang' });
    const html = await ownedAgent({ mcpUrl: page.url });
    const [endpoint] = (await probeNow(html.agent.id, html.owner.cookie)).body.endpoints;
    expect(endpoint).toMatchObject({
      status: 'non_conformant',
      detail: expect.stringMatching(/content type MCP does not use \(text\/html\)/),
      protocols: [refused(MODERN, /text\/html/), refused(LEGACY, /text\/html/)],
    });

    const hanging = await ownedAgent({ mcpUrl: silent.url });
    const [timedOut] = (await probeNow(hanging.agent.id, hanging.owner.cookie)).body.endpoints;
    // Within the probe's cap, the stateful era is not tried after the first went unanswered.
    expect(timedOut).toMatchObject({
      status: 'down',
      detail: 'No answer in time',
      latencyMs: null,
      protocols: [refused(MODERN, /No answer in time/)],
    });
  }, 30_000);

  it('stored history keeps its meaning: an earlier needs_auth still counts as available', async () => {
    const mcp = await fakeMcp({ mode: 'auth' });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
    await probeNow(agent.id, owner.cookie);
    const [row] = await t.app.db.kysely
      .selectFrom('agent_endpoints')
      .select('id')
      .where('agent_id', '=', agent.id)
      .execute();
    // A probe of yesterday, before a bare 401 stopped counting as credentials asked for.
    await t.app.db.kysely
      .insertInto('probe_results')
      .values({
        endpoint_id: row!.id,
        checked_at: new Date(Date.now() - 36 * 3600 * 1000).toISOString(),
        status: 'needs_auth',
        latency_ms: 12,
      })
      .execute();
    const [endpoint] = await health(agent.id);
    expect(endpoint).toMatchObject({ status: 'non_conformant' });
    expect(endpoint!.uptime).toMatchObject({ d1: 0, d7: 0.5 });
  });
});

describe('A2A probes', () => {
  it('a valid card is up with its skills; an unsigned card has no signature', async () => {
    const { owner, agent } = await ownedAgent({ agentCardUrl: a2a.url('/valid.json') });
    const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
    expect(endpoint).toMatchObject({ kind: 'a2a', status: 'up', signature: null, protocols: [], auth: null });
    expect(endpoint!.tools.map((tool) => tool.name)).toEqual(['summarize', 'translate']);
  });

  it('a card missing required fields is non_conformant and says which', async () => {
    const { owner, agent } = await ownedAgent({ agentCardUrl: a2a.url('/invalid.json') });
    const [endpoint] = (await probeNow(agent.id, owner.cookie)).body.endpoints;
    expect(endpoint).toMatchObject({ status: 'non_conformant' });
    expect(endpoint!.detail).toMatch(/skills/);
  });

  it('a card signed with its origin’s key verifies; a card changed after signing does not', async () => {
    const signed = await ownedAgent({ agentCardUrl: a2a.url('/signed.json') });
    expect((await probeNow(signed.agent.id, signed.owner.cookie)).body.endpoints[0]).toMatchObject({
      status: 'up',
      signature: { verified: true, keySource: 'origin' },
    });
    const bad = await ownedAgent({ agentCardUrl: a2a.url('/badly-signed.json') });
    const [endpoint] = (await probeNow(bad.agent.id, bad.owner.cookie)).body.endpoints;
    expect(endpoint).toMatchObject({
      status: 'non_conformant',
      signature: { verified: false, keySource: null },
    });
    expect(endpoint!.detail).toMatch(/signature/);
  });

  it('a card address that is missing is non_conformant', async () => {
    const { owner, agent } = await ownedAgent({ agentCardUrl: a2a.url('/nothing-here.json') });
    expect((await probeNow(agent.id, owner.cookie)).body.endpoints[0]).toMatchObject({
      status: 'non_conformant',
    });
  });
});

describe('the demo MCP server the app serves', () => {
  it('answers a real probe with its tools; its credentials-only sibling is needs_auth; its card is valid', async () => {
    const { owner, agent } = await ownedAgent({
      mcpUrl: `${t.baseUrl}/demo-mcp`,
      agentCardUrl: `${t.baseUrl}/demo-mcp/agent-card.json`,
    });
    const endpoints = (await probeNow(agent.id, owner.cookie)).body.endpoints;
    const mcp = endpoints.find((endpoint) => endpoint.kind === 'mcp')!;
    expect(mcp.status).toBe('up');
    expect(mcp.tools.map((tool) => tool.name)).toEqual(['echo', 'add', 'current_time']);
    expect(endpoints.find((endpoint) => endpoint.kind === 'a2a')!.status).toBe('up');

    expect(mcp.protocols.map((check) => [check.version, check.supported])).toEqual([
      ['2026-07-28', true],
      ['2025-11-25', true],
    ]);

    const locked = await ownedAgent({ mcpUrl: `${t.baseUrl}/demo-mcp/private` });
    expect((await probeNow(locked.agent.id, locked.owner.cookie)).body.endpoints[0]).toMatchObject({
      status: 'needs_auth',
      auth: {
        resourceMetadata: `${t.baseUrl}/demo-mcp/private/oauth-protected-resource`,
        authorizationServers: [`${t.baseUrl}/demo-mcp/oauth`],
        scopes: { resource: ['demo:tools'], authorizationServer: ['openid', 'demo:tools'] },
      },
    });
  });
});

describe('the demo servers through the outbound guard', () => {
  it('are probed in both eras, credentials metadata included, by the one exception to private addresses', async () => {
    // As in production: private addresses and http:// refused, except under /demo-mcp on the app's origin.
    const guarded = createOutboundFetch({
      allowPrivate: false,
      dnsServers: [],
      userAgent: 'AgentAtlas/test',
      demoEndpoint: { origin: t.baseUrl, pathPrefix: '/demo-mcp' },
    });
    try {
      expect(await runProbeOf({ kind: 'mcp', url: `${t.baseUrl}/demo-mcp` }, guarded)).toMatchObject({
        status: 'up',
        protocols: [spoken(MODERN), spoken(LEGACY)],
      });
      expect(await runProbeOf({ kind: 'mcp', url: `${t.baseUrl}/demo-mcp/private` }, guarded)).toMatchObject({
        status: 'needs_auth',
        auth: {
          resourceMetadata: `${t.baseUrl}/demo-mcp/private/oauth-protected-resource`,
          authorizationServers: [`${t.baseUrl}/demo-mcp/oauth`],
        },
      });
      // Elsewhere on the same origin, the guard refuses: the exception is the demo's path only.
      expect(await runProbeOf({ kind: 'mcp', url: `${t.baseUrl}/mcp` }, guarded)).toMatchObject({
        status: 'down',
        detail: expect.stringMatching(/Only https|private/),
      });
    } finally {
      await guarded.close();
    }
  });
});

describe('probe now', () => {
  it('is for the owner or an admin only; others get 404 as for unknown agents, signed-out 401', async () => {
    const mcp = await fakeMcp();
    const { agent } = await ownedAgent({ mcpUrl: mcp.url });
    const stranger = await signUpPerson(t);
    const admin = await signUpPerson(t, 'admin');
    expect((await probeNow(agent.id, stranger.cookie)).status).toBe(404);
    expect((await callApi(t, 'POST', `/api/agents/${agent.id}/probe`, null)).status).toBe(401);
    expect((await probeNow(999_999, admin.cookie)).status).toBe(404);
    expect((await probeNow(agent.id, admin.cookie)).body.endpoints[0]!.status).toBe('up');
    expect(mcp.state.requests).toBeGreaterThan(0);
  });

  it('waits for a probe the scheduler already started and answers its result, not the state before', async () => {
    const mcp = await fakeMcp({ mode: 'slow', slowMs: 600 });
    const { owner, agent } = await ownedAgent({ mcpUrl: mcp.url });
    const round = t.app.probeScheduler.runRound({ sync: true });
    await expect
      .poll(async () => (await t.app.services.probes.probes.findByAgent(agent.id))[0]?.lease_owner ?? null)
      .not.toBeNull();
    const { status, body } = await probeNow(agent.id, owner.cookie);
    expect(status).toBe(200);
    expect(body.endpoints.map((endpoint) => endpoint.status)).toEqual(['up']);
    await round;
  });

  it('health of an unpublished or unknown agent is 404', async () => {
    const pending = await f.createAgent({ status: 'pending', mcp_url: 'https://example.com/mcp' });
    expect((await callApi(t, 'GET', `/api/agents/${pending.id}/health`, null)).status).toBe(404);
    expect((await callApi(t, 'GET', '/api/agents/no-such-agent/health', null)).status).toBe(404);
  });
});

describe('the scheduler', () => {
  it('a round probes each due endpoint once, then none until their next time', async () => {
    const mcp = await fakeMcp();
    const { agent } = await ownedAgent({ mcpUrl: mcp.url, agentCardUrl: a2a.url('/valid.json') });
    await t.app.probeScheduler.runRound({ sync: true });
    const endpoints = await health(agent.id);
    expect(endpoints.map((endpoint) => [endpoint.kind, endpoint.status]).sort()).toEqual([
      ['a2a', 'up'],
      ['mcp', 'up'],
    ]);
    const requests = mcp.state.requests;
    expect(await t.app.probeScheduler.runRound()).toBe(0);
    expect(mcp.state.requests).toBe(requests);
  });

  it('an endpoint removed from the listing is no longer probed nor shown', async () => {
    const mcp = await fakeMcp();
    const { agent } = await ownedAgent({ mcpUrl: mcp.url });
    await t.app.probeScheduler.runRound({ sync: true });
    expect(await health(agent.id)).toHaveLength(1);
    await t.app.db.kysely.updateTable('agents').set({ mcp_url: null }).where('id', '=', agent.id).execute();
    await t.app.probeScheduler.runRound({ sync: true });
    expect(await health(agent.id)).toEqual([]);
  });
});

describe('the scheduler’s comparison of listings and endpoints, a few agents at a time', () => {
  it('finds every agent’s endpoints and drops removed ones across its steps', async () => {
    const mcp = await fakeMcp();
    const agents = [];
    for (let index = 0; index < 5; index += 1)
      agents.push((await ownedAgent({ mcpUrl: `${mcp.url}?step=${index}` })).agent);
    // Steps of two agent ids: the five agents and their endpoints span three steps or more.
    const scheduler = new ProbeScheduler(t.app.services.probes, {
      concurrency: 4,
      instanceId: 'stepped',
      log: t.app.log,
      syncStepAgents: 2,
    });
    await scheduler.runRound({ sync: true });
    for (const agent of agents)
      expect((await health(agent.id)).map((endpoint) => endpoint.kind)).toEqual(['mcp']);

    const removed = agents[3]!;
    await t.app.db.kysely.updateTable('agents').set({ mcp_url: null }).where('id', '=', removed.id).execute();
    await scheduler.runRound({ sync: true });
    expect(await health(removed.id)).toEqual([]);
    expect(await health(agents[4]!.id)).toHaveLength(1);
    await scheduler.stop();
  });
});

describe('two instances sharing the database', () => {
  it('probe each endpoint once per round between them, by the lease', async () => {
    const second = await createTestApp({
      OUTBOUND_ALLOW_PRIVATE: 'true',
      DATABASE_URL:
        t.config.database.kind === 'sqlite' ? `file:${t.config.database.file}` : t.config.database.url,
    });
    try {
      const mcp = await fakeMcp({ mode: 'slow', slowMs: 30 });
      const agents = [];
      for (let index = 0; index < 12; index += 1)
        agents.push((await ownedAgent({ mcpUrl: `${mcp.url}?agent=${index}` })).agent);
      await t.app.probeScheduler.runRound({ sync: true });
      // Everything synced is due at once: both instances go for it together.
      await t.app.db.kysely
        .updateTable('agent_endpoints')
        .set({ next_probe_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const before = await t.app.db.kysely
        .selectFrom('probe_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const [first, other] = await Promise.all([
        t.app.probeScheduler.runRound(),
        second.app.probeScheduler.runRound(),
      ]);
      const endpoints = await t.app.db.kysely.selectFrom('agent_endpoints').select('id').execute();
      expect(first + other).toBe(endpoints.length);
      const after = await t.app.db.kysely
        .selectFrom('probe_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n) - Number(before.n)).toBe(endpoints.length);
      for (const agent of agents) expect((await health(agent.id))[0]!.uptime.d1).toBe(1);
    } finally {
      await second.close();
    }
  });
});
