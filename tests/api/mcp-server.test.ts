import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_SERVER_PATH } from '../../src/shared/api/mcp.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let client: Client;
let category: { slug: string };
const closers: Array<() => Promise<void>> = [];

async function connect(app: TestApp, headers: Record<string, string> = {}) {
  const connected = new Client({ name: 'agentatlas-test', version: '1.0.0' });
  await connected.connect(
    new StreamableHTTPClientTransport(new URL(MCP_SERVER_PATH, app.baseUrl), { requestInit: { headers } }),
  );
  closers.push(() => connected.close());
  return connected;
}

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  const f = factories(t.app);
  category = await f.createCategory({ slug: 'code-review', name: 'Code review' });
  await f.createAgent({
    slug: 'lint-hawk',
    name: 'Lint Hawk',
    tagline: 'Reviews pull requests for style slips',
    category: category as never,
    verified: 1,
  });
  await f.createAgent({
    slug: 'diff-owl',
    name: 'Diff Owl',
    tagline: 'Explains pull requests',
    category: category as never,
  });
  await f.createAgent({ slug: 'draft-lint', name: 'Draft lint', status: 'pending' });
  client = await connect(t);
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.close();
});

interface FoundAgent {
  slug: string;
}
/** The tools' structured answers, as far as these tests read them. */
interface Answer {
  total: number;
  agents: FoundAgent[];
  health: unknown[];
  categories: unknown[];
}
const structured = (result: unknown) => (result as CallToolResult).structuredContent as unknown as Answer;

describe('the MCP server at /mcp', () => {
  it('lists its three read-only tools with their arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_agent', 'list_categories', 'search_agents']);
    const search = tools.find((tool) => tool.name === 'search_agents')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(['category', 'limit', 'query']);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(client.getServerVersion()?.name).toBe('agentatlas');
    expect(client.getInstructions()).toMatch(/search_agents/);
  });

  it('search_agents answers published agents only, with their pages, and narrows by category', async () => {
    const result = await client.callTool({ name: 'search_agents', arguments: { query: 'lint' } });
    expect(result.isError).toBeFalsy();
    const body = structured(result);
    expect(body.agents.map((agent) => agent.slug)).toEqual(['lint-hawk']);
    expect(body.agents[0]).toMatchObject({
      name: 'Lint Hawk',
      category: 'code-review',
      verified: true,
      url: 'http://localhost:3000/agents/lint-hawk',
    });
    // The same data as text, for clients that read only text.
    const [text] = (result as CallToolResult).content;
    expect(JSON.parse((text as { text: string }).text)).toEqual(body);

    const narrowed = structured(
      await client.callTool({
        name: 'search_agents',
        arguments: { query: 'pull requests', category: 'code-review', limit: 1 },
      }),
    );
    expect(narrowed.total).toBe(2);
    expect(narrowed.agents).toHaveLength(1);
    const elsewhere = structured(
      await client.callTool({ name: 'search_agents', arguments: { query: 'pull', category: 'no-such' } }),
    );
    expect(elsewhere).toMatchObject({ total: 0, agents: [] });
  });

  it('get_agent answers the listing with its live health; an unknown slug is a tool error', async () => {
    const mcp = await startFakeMcp({ tools: ['review'] });
    closers.push(() => mcp.close());
    const owner = await signUpPerson(t);
    const f = factories(t.app);
    const agent = await f.createAgent({
      slug: 'probed-owl',
      owner_id: owner.user.id,
      mcp_url: mcp.url,
      repo_url: 'https://github.com/example/probed-owl',
    });
    expect((await callApi(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie)).status).toBe(200);

    const body = structured(await client.callTool({ name: 'get_agent', arguments: { slug: 'probed-owl' } }));
    expect(body).toMatchObject({
      slug: 'probed-owl',
      repoUrl: 'https://github.com/example/probed-owl',
      mcpUrl: mcp.url,
      badge: 'http://localhost:3000/badge/probed-owl.svg',
    });
    expect(body.health).toEqual([
      expect.objectContaining({ kind: 'mcp', status: 'up', uptime30d: 1, tools: ['review'] }),
    ]);

    for (const slug of ['no-such-agent', 'draft-lint', String(agent.id)]) {
      const missing = (await client.callTool({ name: 'get_agent', arguments: { slug } })) as CallToolResult;
      expect(missing.isError).toBe(true);
      expect((missing.content[0] as { text: string }).text).toMatch(/search_agents/);
    }
  });

  it('list_categories answers each category with its published agents', async () => {
    const body = structured(await client.callTool({ name: 'list_categories', arguments: {} }));
    expect(body.categories).toContainEqual(
      expect.objectContaining({ slug: 'code-review', name: 'Code review', agents: 2 }),
    );
  });

  it('bad arguments and unknown tools are MCP errors, never an HTTP 500', async () => {
    for (const call of [
      { name: 'search_agents', arguments: {} },
      { name: 'search_agents', arguments: { query: 'x', limit: 1000 } },
      { name: 'search_agents', arguments: { query: 'x', category: 'Not A Slug' } },
      { name: 'get_agent', arguments: { slug: 42 } },
    ]) {
      const result = (await client.callTool(call)) as CallToolResult;
      expect(result.isError, JSON.stringify(call)).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/invalid|must|expected/i);
    }
    const unknown = (await client.callTool({ name: 'delete_everything', arguments: {} })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect((unknown.content[0] as { text: string }).text).toMatch(/Tool delete_everything not found/);

    const garbage = await t.request(MCP_SERVER_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    expect(garbage.status).toBe(400);
    const notRpc = await t.request(MCP_SERVER_PATH, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream' },
      json: { hello: 'world' },
    });
    expect(notRpc.status).toBe(400);
    expect(((await notRpc.json()) as { error: { code: number } }).error.code).toBeLessThan(0);
    const get = await t.request(MCP_SERVER_PATH);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers MCP clients on other sites, which send their Origin', async () => {
    const elsewhere = await connect(t, { origin: 'https://inspector.example' });
    expect((await elsewhere.listTools()).tools).toHaveLength(3);
  });

  it('is rate-limited per client address, with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    closers.push(() => limited.close());
    const limitedClient = await connect(limited);
    let refusal: unknown;
    for (let call = 0; call < 130 && !refusal; call += 1)
      await limitedClient.listTools().catch((error: unknown) => {
        refusal = error;
      });
    expect(refusal).toBeInstanceOf(StreamableHTTPError);
    expect((refusal as StreamableHTTPError).code).toBe(429);
    const raw = await limited.request(MCP_SERVER_PATH, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
