import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentHealth, EndpointHealth } from '../../src/shared/api/probes.js';
import { createConformanceRunner } from '../../src/server/features/probes/conformance-runner.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * POST /api/agents/{id}/conformance runs the official MCP conformance suite against the agent's MCP
 * server and stores the result in its health. The suite needs Node 24: the cases that run it use the
 * binary NODE24_BIN names and are skipped without one (they say so); the others run everywhere.
 */
const node24 = process.env.NODE24_BIN;
const manifest = JSON.parse(
  fs.readFileSync(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js')),
      '..',
      'package.json',
    ),
    'utf8',
  ),
) as { name: string; version: string };
const SUITE = `${manifest.name}@${manifest.version}`;

if (!node24)
  console.warn(
    'tests/api/conformance-runs.test.ts: the cases that run the suite are skipped; set NODE24_BIN to a Node 24 binary to run them.',
  );

const closers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const closer of closers.reverse()) await closer.close();
});

async function app(env: Record<string, string>) {
  const t = await createTestApp(env);
  closers.push(t);
  return { t, f: factories(t.app) };
}

async function fakeMcp(options: Parameters<typeof startFakeMcp>[0]) {
  const server = await startFakeMcp(options);
  closers.push(server);
  return server;
}

async function ownedAgent(t: TestApp, f: ReturnType<typeof factories>, mcpUrl: string) {
  const owner = await signUpPerson(t);
  const agent = await f.createAgent({ owner_id: owner.user.id, mcp_url: mcpUrl });
  return { owner, agent };
}

const runConformance = (t: TestApp, agentId: number, cookie: string | null) =>
  callApi<AgentHealth & { message: string }>(t, 'POST', `/api/agents/${agentId}/conformance`, cookie);

async function mcpHealth(t: TestApp, slug: string): Promise<EndpointHealth | undefined> {
  const { status, body } = await callApi<AgentHealth>(t, 'GET', `/api/agents/${slug}/health`, null);
  expect(status).toBe(200);
  return body.endpoints.find((endpoint) => endpoint.kind === 'mcp');
}

describe('conformance runs with Node 24', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    if (node24) ({ t, f } = await app({ OUTBOUND_ALLOW_PRIVATE: 'true', CONFORMANCE_NODE: node24 }));
  });

  it.skipIf(!node24)(
    node24
      ? 'a conformant server: its result, with the suite’s version and check ids, is stored and in the health'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      const mcp = await fakeMcp({ mode: 'dual', tools: ['search'] });
      const { owner, agent } = await ownedAgent(t, f, mcp.url);
      const started = Date.now();

      const { status, body } = await runConformance(t, agent.id, owner.cookie);
      expect(status, body.message).toBe(200);
      const conformance = body.endpoints.find((endpoint) => endpoint.kind === 'mcp')!.conformance!;
      expect(conformance).toMatchObject({ suite: SUITE, specVersion: '2025-11-25', passed: 3, failed: 0 });
      expect(conformance.checks).toEqual([
        { id: 'server-initialize', status: 'SUCCESS' },
        { id: 'ping', status: 'SUCCESS' },
        { id: 'tools-list', status: 'SUCCESS' },
      ]);
      expect(Date.parse(conformance.ranAt)).toBeGreaterThanOrEqual(started - 1000);
      // Stored: everyone reads the same result, without a run.
      expect((await mcpHealth(t, agent.slug))!.conformance).toEqual(conformance);
    },
    60_000,
  );

  it.skipIf(!node24)(
    node24
      ? 'a server refusing the stateful handshake fails the checks that need it, named by id'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      const mcp = await fakeMcp({ mode: 'modern' });
      const { owner, agent } = await ownedAgent(t, f, mcp.url);
      const { status, body } = await runConformance(t, agent.id, owner.cookie);
      expect(status, body.message).toBe(200);
      const conformance = (await mcpHealth(t, agent.slug))!.conformance!;
      expect(conformance.failed).toBeGreaterThan(0);
      expect(conformance.passed + conformance.failed).toBeLessThanOrEqual(conformance.checks.length);
      expect(conformance.checks).toContainEqual({ id: 'server-initialize', status: 'FAILURE' });
    },
    60_000,
  );

  it.skipIf(!node24)(
    node24
      ? 'one run at a time per endpoint: a second request while one runs is answered 409'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      const mcp = await fakeMcp({ mode: 'dual' });
      const { owner, agent } = await ownedAgent(t, f, mcp.url);
      const answers = await Promise.all([
        runConformance(t, agent.id, owner.cookie),
        runConformance(t, agent.id, owner.cookie),
      ]);
      expect(answers.map(({ status }) => status).sort()).toEqual([200, 409]);
      expect(answers.find(({ status }) => status === 409)!.body.message).toMatch(/already running/);
      // The lease is freed once the run ends.
      expect((await runConformance(t, agent.id, owner.cookie)).status).toBe(200);
    },
    60_000,
  );

  it.skipIf(!node24)(
    node24
      ? 'the weekly run takes endpoints last run over 7 days ago, and leaves recent ones alone'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      // Every endpoint of the earlier cases has a fresh result: none is due.
      expect(await t.app.conformanceSchedule.runDue()).toBe(0);
      const mcp = await fakeMcp({ mode: 'dual' });
      const { owner, agent } = await ownedAgent(t, f, mcp.url);
      expect((await runConformance(t, agent.id, owner.cookie)).status).toBe(200);
      const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
      await t.app.db.kysely
        .updateTable('agent_endpoints')
        .set({ conformance_at: eightDaysAgo })
        .where('agent_id', '=', agent.id)
        .execute();

      expect(await t.app.conformanceSchedule.runDue()).toBe(1);
      const conformance = (await mcpHealth(t, agent.slug))!.conformance!;
      expect(Date.parse(conformance.ranAt)).toBeGreaterThan(Date.parse(eightDaysAgo) + 7 * 24 * 3600_000);
      expect(conformance.passed).toBe(3);
    },
    60_000,
  );
});

describe('the runner, bounded in time', () => {
  it.skipIf(!node24)(
    node24
      ? 'a server that never answers: the suite is killed at the cap, each scenario a failed check'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      const mcp = await fakeMcp({ mode: 'hang' });
      const runner = createConformanceRunner({
        node: node24!,
        policy: { allowPrivate: true, dnsServers: [], userAgent: 'AgentAtlas tests' },
        timeoutMs: 3000,
      });
      const started = Date.now();
      const result = await runner.run(mcp.url);
      // The suite's own request timeout is 60 s: only the cap ends it this soon.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result).toMatchObject({ suite: SUITE, passed: 0, failed: 3 });
      expect(result.checks).toEqual([
        { id: 'server-initialize', status: 'FAILURE' },
        { id: 'ping', status: 'FAILURE' },
        { id: 'tools-list', status: 'FAILURE' },
      ]);
    },
    30_000,
  );
});

describe('who may run it, and what is refused before it runs', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    // The guard's rules as in production: no private addresses.
    ({ t, f } = await app({}));
  });

  it('anonymous is answered 401, a stranger 404, and nothing runs', async () => {
    const { agent } = await ownedAgent(t, f, 'https://mcp.example.com/mcp');
    const stranger = await signUpPerson(t);
    expect((await runConformance(t, agent.id, null)).status).toBe(401);
    expect((await runConformance(t, agent.id, stranger.cookie)).status).toBe(404);
    expect(await mcpHealth(t, agent.slug)).toBeUndefined();
  });

  it('an agent without an MCP server has nothing to run: its health as it is', async () => {
    const owner = await signUpPerson(t);
    const agent = await f.createAgent({ owner_id: owner.user.id, mcp_url: null });
    const { status, body } = await runConformance(t, agent.id, owner.cookie);
    expect(status).toBe(200);
    expect(body.endpoints).toEqual([]);
  });

  it('a loopback or private address is refused with the guard’s reason (400), and no result is stored', async () => {
    for (const url of ['https://127.0.0.1/mcp', 'https://10.1.2.3/mcp', 'http://mcp.example.com/mcp']) {
      const { owner, agent } = await ownedAgent(t, f, url);
      const { status, body } = await runConformance(t, agent.id, owner.cookie);
      expect(status, url).toBe(400);
      expect(body.message, url).toMatch(
        /^The MCP server's address must be (a public|an https:\/\/) address$/,
      );
      expect((await mcpHealth(t, agent.slug))!.conformance, url).toBeNull();
    }
  });
});

describe('a Node older than 24 for the suite', () => {
  /** The machine's Node when it is older than 24; else a stand-in that answers an old version. */
  function oldNode(): string {
    if (Number(process.versions.node.split('.')[0]) < 24) return process.execPath;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-old-node-'));
    const file = path.join(dir, 'node');
    fs.writeFileSync(file, '#!/bin/sh\necho v20.0.0\n', { mode: 0o755 });
    return file;
  }

  it('answers 503 with the reason, stores nothing, and the weekly run skips', async () => {
    const { t, f } = await app({ OUTBOUND_ALLOW_PRIVATE: 'true', CONFORMANCE_NODE: oldNode() });
    const mcp = await fakeMcp({ mode: 'dual' });
    const { owner, agent } = await ownedAgent(t, f, mcp.url);
    const { status, body } = await runConformance(t, agent.id, owner.cookie);
    expect(status).toBe(503);
    expect(body.message).toMatch(
      /^The conformance suite is unavailable: it needs Node 24 or later, and CONFORMANCE_NODE runs v2\d\./,
    );
    expect((await mcpHealth(t, agent.slug))!.conformance).toBeNull();
    expect(await t.app.conformanceSchedule.runDue()).toBe(0);
    // The lease was freed: the next request is told the same, not "already running".
    expect((await runConformance(t, agent.id, owner.cookie)).status).toBe(503);
  });

  it('a CONFORMANCE_NODE that does not run is unavailable too', async () => {
    const { t, f } = await app({
      OUTBOUND_ALLOW_PRIVATE: 'true',
      CONFORMANCE_NODE: path.join(os.tmpdir(), 'agentatlas-no-such-node'),
    });
    const { owner, agent } = await ownedAgent(t, f, 'http://127.0.0.1:9/mcp');
    const { status, body } = await runConformance(t, agent.id, owner.cookie);
    expect(status).toBe(503);
    expect(body.message).toMatch(/unavailable: .*agentatlas-no-such-node does not run/);
  });
});
