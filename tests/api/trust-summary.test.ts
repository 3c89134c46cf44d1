import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_SERVER_PATH } from '../../src/shared/api/mcp.js';
import type { AgentDetail, AgentListResponse, HomeResponse } from '../../src/shared/api/agents.js';
import type { AgentHealth } from '../../src/shared/api/probes.js';
import { startFakeMcp, type FakeMcpMode } from '../support/fake-mcp.js';
import { factories } from '../support/factories.js';
import { startFakeWellKnown } from '../support/fake-well-known.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
const servers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function fakeMcp(mode: FakeMcpMode) {
  const server = await startFakeMcp({ mode });
  servers.push(server);
  return server;
}

async function ownedAgent(name: string, mcpUrl: string | null) {
  const owner = await signUpPerson(t);
  const agent = await f.createAgent({ name, owner_id: owner.user.id, mcp_url: mcpUrl });
  return { owner, agent };
}

async function get<T>(path: string) {
  const { status, body } = await callApi<T>(t, 'GET', path, null);
  expect(status, path).toBe(200);
  return body;
}

const detail = (slug: string) => get<AgentDetail>(`/api/agents/${slug}`);
const cardOf = async (query: string, slug: string) =>
  (await get<AgentListResponse>(`/api/agents?${query}`)).agents.find((agent) => agent.slug === slug);

describe('the trust summary of cards and agent pages', () => {
  it('an agent that lists no endpoint and has no claim has no health (none), no eras and no ownership', async () => {
    const { agent } = await ownedAgent('Quiet Trust Agent', null);
    const none = { health: 'none', protocols: [], ownership: [] };
    expect((await detail(agent.slug)).trust).toEqual(none);
    expect((await cardOf('q=quiet%20trust', agent.slug))?.trust).toEqual(none);
    expect((await cardOf('sort=newest&limit=100', agent.slug))?.trust).toEqual(none);
  });

  it('moves after a probe round, on the cached detail and cards too: a modern-only server speaks only 2026-07-28', async () => {
    const mcp = await fakeMcp('modern');
    const { owner, agent } = await ownedAgent('Modern Trust Agent', mcp.url);
    // Read first, so the answers and the kept card are cached before the probe.
    expect((await detail(agent.slug)).trust.health).toBe('unknown');
    expect((await cardOf('sort=newest&limit=100', agent.slug))?.trust.health).toBe('unknown');
    expect((await cardOf('q=modern%20trust', agent.slug))?.trust.protocols).toEqual([]);

    const probed = await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);
    expect(probed.status).toBe(200);

    const up = { health: 'up', protocols: ['2026-07-28'], ownership: [] };
    expect((await detail(agent.slug)).trust).toEqual(up);
    expect((await cardOf('sort=newest&limit=100', agent.slug))?.trust).toEqual(up);
    expect((await cardOf('q=modern%20trust', agent.slug))?.trust).toEqual(up);
    const home = await get<HomeResponse>('/api/home');
    expect(home.newest.find((card) => card.slug === agent.slug)?.trust).toEqual(up);

    // The server goes away: down, the eras of its last answer no longer claimed.
    mcp.state.mode = 'error';
    await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);
    const down = await detail(agent.slug);
    expect(down.trust.health).toBe('down');
    expect(down.trust.protocols).toEqual([]);
    expect((await cardOf('sort=newest&limit=100', agent.slug))?.trust.health).toBe('down');
  });

  it('a dual-era server speaks both, newest first; ownership names the methods of active claims only', async () => {
    const mcp = await fakeMcp('dual');
    const { owner, agent } = await ownedAgent('Dual Trust Agent', mcp.url);
    await t.app.db.kysely
      .insertInto('ownership_claims')
      .values([
        {
          agent_id: agent.id,
          method: 'github',
          subject: 'example/dual',
          token: 'a',
          status: 'active',
          created_at: new Date().toISOString(),
        },
        {
          agent_id: agent.id,
          method: 'dns',
          subject: 'dual.example',
          token: 'b',
          status: 'active',
          created_at: new Date().toISOString(),
        },
        {
          agent_id: agent.id,
          method: 'well-known',
          subject: 'dual.example',
          token: 'c',
          status: 'pending',
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);
    expect((await detail(agent.slug)).trust).toEqual({
      health: 'up',
      protocols: ['2026-07-28', '2025-11-25'],
      ownership: ['dns', 'github'],
    });
  });
});

describe('ownership in the summary', () => {
  it('follows a claim becoming active, on the cached detail and card', async () => {
    const site = await startFakeWellKnown();
    servers.push(site);
    const { owner, agent } = await ownedAgent('Claimed Trust Agent', null);
    expect((await detail(agent.slug)).trust.ownership).toEqual([]);
    expect((await cardOf('q=claimed%20trust', agent.slug))?.trust.ownership).toEqual([]);
    const made = await callApi<{ id: number; token: string }>(
      t,
      'POST',
      `/api/agents/${agent.id}/claims`,
      owner.cookie,
      { method: 'well-known', subject: site.host },
    );
    expect(made.status).toBe(201);
    site.state.body = `${made.body.token}\n`;
    const checked = await callApi<{ status: string }>(
      t,
      'POST',
      `/api/agents/${agent.id}/claims/${made.body.id}/check`,
      owner.cookie,
    );
    expect(checked.body.status).toBe('active');
    expect((await detail(agent.slug)).trust.ownership).toEqual(['well-known']);
    expect((await cardOf('q=claimed%20trust', agent.slug))?.trust.ownership).toEqual(['well-known']);
  });
});

describe('the protocol filter', () => {
  it('lists and searches only agents whose MCP server speaks the revision asked for', async () => {
    const [modern, legacy] = [await fakeMcp('modern'), await fakeMcp('healthy')];
    const category = await f.createCategory({ slug: 'era-filter', name: 'Era filter' });
    const modernAgent = await ownedAgent('Era Modern Filter', modern.url);
    const legacyAgent = await ownedAgent('Era Legacy Filter', legacy.url);
    await t.app.db.kysely
      .updateTable('agents')
      .set({ category_id: category.id })
      .where('id', 'in', [modernAgent.agent.id, legacyAgent.agent.id])
      .execute();
    for (const { owner, agent } of [modernAgent, legacyAgent])
      await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);

    const slugs = async (query: string) =>
      (await get<AgentListResponse>(`/api/agents?${query}`)).agents.map((agent) => agent.slug).sort();
    expect(await slugs('category=era-filter&protocol=2026-07-28')).toEqual([modernAgent.agent.slug]);
    expect(await slugs('category=era-filter&protocol=2025-11-25')).toEqual([legacyAgent.agent.slug]);
    expect(await slugs('category=era-filter&protocol=2025-06-18')).toEqual([]);
    // The legacy fake refused 2026-07-28: a recorded refusal does not count as speaking it.
    expect(await slugs('q=era%20filter&protocol=2026-07-28')).toEqual([modernAgent.agent.slug]);
    expect(await slugs('q=era%20filter&protocol=2025-11-25&health=up')).toEqual([legacyAgent.agent.slug]);
    const counted = await get<AgentListResponse>('/api/agents?category=era-filter&protocol=2026-07-28');
    expect(counted.totalCount).toBe(1);
  });

  it('refuses a revision it does not know with a 400 naming the ones it does', async () => {
    for (const bad of ['2027-01-01', 'latest', '']) {
      const { status, body } = await callApi<{ error: { message: string } }>(
        t,
        'GET',
        `/api/agents?protocol=${bad}`,
        null,
      );
      expect(status, bad).toBe(400);
      expect(JSON.stringify(body), bad).toContain('protocol must be one of 2026-07-28, 2025-11-25');
    }
  });
});

describe('the eras where machines read', () => {
  it('the MCP tools and the JSON-LD carry the eras, and get_agent each revision tried', async () => {
    const mcp = await fakeMcp('modern');
    const { owner, agent } = await ownedAgent('Machine Era Agent', mcp.url);
    await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);

    const client = new Client({ name: 'trust-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(MCP_SERVER_PATH, t.baseUrl)));
    try {
      const structured = async (name: string, args: Record<string, unknown>) =>
        ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<
          string,
          unknown
        >;
      const found = await structured('search_agents', { query: 'machine era' });
      expect(found.agents).toEqual([
        expect.objectContaining({
          slug: agent.slug,
          trust: { health: 'up', protocols: ['2026-07-28'], ownership: [] },
        }),
      ]);
      const one = await structured('get_agent', { slug: agent.slug });
      expect(one.trust).toEqual({ health: 'up', protocols: ['2026-07-28'], ownership: [] });
      expect(one.health).toEqual([
        expect.objectContaining({
          kind: 'mcp',
          auth: null,
          protocols: [
            expect.objectContaining({ version: '2026-07-28', supported: true }),
            expect.objectContaining({ version: '2025-11-25', supported: false }),
          ],
        }),
      ]);
    } finally {
      await client.close();
    }

    const html = await (await t.request(`/agents/${agent.slug}`)).text();
    const [block] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(JSON.parse(block![1]!)).toMatchObject({
      '@type': 'SoftwareApplication',
      featureList: ['MCP protocol 2026-07-28'],
    });
  });
});
