import http from 'node:http';
import { Client as ClientV2, type CallToolResult as CallToolResultV2 } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
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
let category: { slug: string };
const closers: Array<() => Promise<void>> = [];

/** What the tests ask of a client, whichever SDK and protocol era it speaks. */
interface McpCaller {
  listTools(): Promise<{
    tools: Array<{
      name: string;
      inputSchema: { required?: string[]; properties?: Record<string, unknown> };
      annotations?: { readOnlyHint?: boolean };
    }>;
  }>;
  callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  getServerVersion(): { name: string } | undefined;
  getInstructions(): string | undefined;
}

/** A client of the 2025 era: the v1 SDK, whose `initialize` offers 2025-11-25. */
async function connectLegacy(app: TestApp, headers: Record<string, string> = {}) {
  const connected = new Client({ name: 'agentatlas-test', version: '1.0.0' });
  await connected.connect(
    new StreamableHTTPClientTransport(new URL(MCP_SERVER_PATH, app.baseUrl), { requestInit: { headers } }),
  );
  closers.push(() => connected.close());
  return connected;
}

/** A client of the stateless era only: the v2 SDK pinned to 2026-07-28 (no `initialize`). */
async function connectModern(app: TestApp, path: string = MCP_SERVER_PATH) {
  const connected = new ClientV2(
    { name: 'agentatlas-test', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await connected.connect(new TransportV2(new URL(path, app.baseUrl)));
  closers.push(() => connected.close());
  return connected;
}

const ERAS = ['2025 era (v1 SDK, initialize)', '2026-07-28 era (v2 SDK, no handshake)'] as const;
const clients: Partial<Record<(typeof ERAS)[number], McpCaller>> = {};

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', MCP_ALLOWED_HOSTS: 'inspector.example' });
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
  clients[ERAS[0]] = await connectLegacy(t);
  clients[ERAS[1]] = await connectModern(t);
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

describe('the eras a client may speak to /mcp', () => {
  it('a v2 client pinned to 2026-07-28 is served without a handshake; a v1 client by initialize', async () => {
    const modern = await connectModern(t);
    expect(modern.getProtocolEra()).toBe('modern');
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const legacy = await connectLegacy(t);
    expect(legacy.getServerVersion()?.name).toBe('agentatlas');

    // On the wire: the stateless era names its version and method in headers and `_meta`, and no
    // session id comes back; the 2025 era's initialize is answered with the client's revision.
    const discover = await t.request(MCP_SERVER_PATH, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
    });
    expect(discover.status, await discover.clone().text()).toBe(200);
    expect(discover.headers.get('mcp-session-id')).toBeNull();
    const listed = (await discover.json()) as { result: { tools: unknown[] } };
    expect(listed.result.tools).toHaveLength(3);

    const initialize = await t.request(MCP_SERVER_PATH, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream' },
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      },
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeNull();
    const text = await initialize.text();
    expect(text).toMatch(/"protocolVersion":"2025-06-18"/);
  });

  it('the demo server at /demo-mcp speaks both eras too', async () => {
    const modern = await connectModern(t, '/demo-mcp');
    expect((await modern.listTools()).tools.map((tool) => tool.name)).toEqual([
      'echo',
      'add',
      'current_time',
    ]);
    const answer = (await modern.callTool({
      name: 'add',
      arguments: { text: '2 and 40' },
    })) as CallToolResultV2;
    expect(answer.content[0]).toMatchObject({ type: 'text', text: '42' });
    const legacy = new Client({ name: 'agentatlas-test', version: '1.0.0' });
    await legacy.connect(new StreamableHTTPClientTransport(new URL('/demo-mcp/weather', t.baseUrl)));
    closers.push(() => legacy.close());
    expect((await legacy.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast', 'air_quality']);
  });
});

/** A raw request with any Host header (fetch sets its own). */
function rawPost(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, t.baseUrl);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('DNS rebinding protection', () => {
  it('refuses a Host or a browser Origin of another site with 403, on /mcp and /demo-mcp', async () => {
    for (const path of [MCP_SERVER_PATH, '/demo-mcp']) {
      const evilHost = await rawPost(path, { host: 'evil.example.com' });
      expect(evilHost.status, path).toBe(403);
      expect(evilHost.body).toMatch(/Host not allowed/);
      const evilOrigin = await rawPost(path, { origin: 'http://evil.example.com' });
      expect(evilOrigin.status, path).toBe(403);
      expect(evilOrigin.body).toMatch(/Origin not allowed/);
      const rebound = await rawPost(path, {
        host: 'evil.example.com:3000',
        origin: 'http://evil.example.com:3000',
      });
      expect(rebound.status, path).toBe(403);
      // PUBLIC_URL's host, loopback and the hosts MCP_ALLOWED_HOSTS names are served.
      for (const allowed of <Array<Record<string, string>>>[
        { host: 'localhost:3000', origin: 'http://localhost:3000' },
        { host: 'inspector.example', origin: 'https://inspector.example' },
        { origin: 'http://127.0.0.1:5173' },
      ])
        expect((await rawPost(path, allowed)).status, JSON.stringify(allowed)).toBe(200);
    }
  });
});

describe.each(ERAS)('the MCP server at /mcp, %s', (era) => {
  let client: McpCaller;
  beforeAll(() => {
    client = clients[era]!;
  });
  const suffix = era === ERAS[0] ? 'legacy' : 'modern';

  it('lists its three read-only tools with their arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_agent', 'list_categories', 'search_agents']);
    const search = tools.find((tool) => tool.name === 'search_agents')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual([
      'category',
      'limit',
      'maxRiskSeverity',
      'query',
    ]);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(client.getServerVersion()?.name).toBe('agentatlas');
    expect(client.getInstructions()).toMatch(/search_agents/);
  });

  it('search_agents answers published agents only, with their pages, and narrows by category', async () => {
    const result = (await client.callTool({
      name: 'search_agents',
      arguments: { query: 'lint' },
    })) as CallToolResult;
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
    const slug = `probed-owl-${suffix}`;
    const agent = await f.createAgent({
      slug,
      owner_id: owner.user.id,
      mcp_url: mcp.url,
      repo_url: 'https://github.com/example/probed-owl',
    });
    expect((await callApi(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie)).status).toBe(200);

    const body = structured(await client.callTool({ name: 'get_agent', arguments: { slug } }));
    expect(body).toMatchObject({
      slug,
      repoUrl: 'https://github.com/example/probed-owl',
      mcpUrl: mcp.url,
      badge: `http://localhost:3000/badge/${slug}.svg`,
    });
    expect(body.health).toEqual([
      expect.objectContaining({ kind: 'mcp', status: 'up', uptime30d: 1, tools: ['review'] }),
    ]);

    for (const other of ['no-such-agent', 'draft-lint', String(agent.id)]) {
      const missing = (await client.callTool({
        name: 'get_agent',
        arguments: { slug: other },
      })) as CallToolResult;
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

  it('bad arguments are tool errors, an unknown tool a protocol error, never an HTTP 500', async () => {
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
    // Since 2025-11-25 an unknown tool is a JSON-RPC error (-32602), not a tool result.
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Tool delete_everything not found/),
    });
  });
});

describe('the MCP server at /mcp over HTTP', () => {
  it('answers malformed bodies with 400 and GET with 405', async () => {
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

  it('answers MCP clients on the sites MCP_ALLOWED_HOSTS names, which send their Origin', async () => {
    const elsewhere = await connectLegacy(t, { origin: 'https://inspector.example' });
    expect((await elsewhere.listTools()).tools).toHaveLength(3);
    await expect(connectLegacy(t, { origin: 'https://other.example' })).rejects.toMatchObject({ code: 403 });
  });

  it('is rate-limited per client address, with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    closers.push(() => limited.close());
    const limitedClient = await connectLegacy(limited);
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
