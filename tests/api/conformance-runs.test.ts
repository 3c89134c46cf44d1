import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentHealth, EndpointHealth } from '../../src/shared/api/probes.js';
import { createConformanceRunner } from '../../src/server/features/probes/conformance-runner.js';
import { createConformanceRepo } from '../../src/server/features/probes/conformance.repo.js';
import { startPinnedProxy } from '../../src/server/lib/pinned-proxy.js';
import { startFakeDns } from '../support/fake-dns.js';
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

  it.skipIf(!node24)(
    node24
      ? 'two instances sharing the database: an endpoint due is run once a week, by one of them'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      const second = await createTestApp({
        OUTBOUND_ALLOW_PRIVATE: 'true',
        CONFORMANCE_NODE: node24!,
        DATABASE_URL:
          t.config.database.kind === 'sqlite' ? `file:${t.config.database.file}` : t.config.database.url,
      });
      closers.push(second);
      const mcp = await fakeMcp({ mode: 'dual' });
      const { owner, agent } = await ownedAgent(t, f, mcp.url);
      expect((await runConformance(t, agent.id, owner.cookie)).status).toBe(200);
      // What one run of the suite asks the server.
      const oneRun = mcp.state.requests;
      const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
      await t.app.db.kysely
        .updateTable('agent_endpoints')
        .set({ conformance_at: eightDaysAgo })
        .where('agent_id', '=', agent.id)
        .execute();

      // Both instances' weekly passes at once: one runs it, the other finds it leased or done.
      const ran = await Promise.all([
        t.app.conformanceSchedule.runDue(),
        second.app.conformanceSchedule.runDue(),
      ]);
      expect(ran.sort()).toEqual([0, 1]);
      expect(mcp.state.requests - oneRun).toBe(oneRun);
      const { ranAt } = (await mcpHealth(t, agent.slug))!.conformance!;
      expect(Date.parse(ranAt)).toBeGreaterThan(Date.parse(eightDaysAgo) + 7 * 24 * 3600_000);

      // An instance that found it due just before the other ran it does not take it again this week.
      const [endpoint] = await second.app.db.kysely
        .selectFrom('agent_endpoints')
        .select('id')
        .where('agent_id', '=', agent.id)
        .where('kind', '=', 'mcp')
        .execute();
      const now = Date.now();
      expect(
        await createConformanceRepo(second.app.db).claim({
          endpointId: endpoint!.id,
          now: new Date(now).toISOString(),
          leaseUntil: new Date(now + 60_000).toISOString(),
          dueBefore: new Date(now - 7 * 24 * 3600_000).toISOString(),
        }),
      ).toBeUndefined();
      expect(
        await Promise.all([t.app.conformanceSchedule.runDue(), second.app.conformanceSchedule.runDue()]),
      ).toEqual([0, 0]);
      expect(mcp.state.requests - oneRun).toBe(oneRun);
    },
    90_000,
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

describe('the runner, pinned to the address the guard checked', () => {
  /** A certificate for `name`, signed by itself, which the suite is told to trust. */
  function certificateFor(name: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-tls-'));
    closers.push({ close: async () => fs.rmSync(dir, { recursive: true, force: true }) });
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=DNS:${name}`,
    ]);
    expect(made.status, made.stderr?.toString()).toBe(0);
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert), certFile: cert };
  }

  /** https:// in front of a fake MCP server: TLS ends here and the bytes go on to it. */
  async function tlsFront(tlsOptions: { key: Buffer; cert: Buffer }, port: number) {
    const server = tls.createServer(tlsOptions, (socket) => {
      const upstream = net.connect({ host: '127.0.0.1', port });
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    return (server.address() as net.AddressInfo).port;
  }

  it.skipIf(!node24)(
    node24
      ? 'the suite reaches an https:// server at the address resolved for the check, never looking the name up itself'
      : 'SKIPPED: set NODE24_BIN to a Node 24 binary to run @modelcontextprotocol/conformance',
    async () => {
      // Only the guard's resolver (DNS_SERVERS) knows the name: a child resolving it itself would fail.
      const name = 'mcp.pinned.test';
      const dns = await startFakeDns({ a: { [name]: ['127.0.0.1'] } });
      closers.push(dns);
      const mcp = await fakeMcp({ mode: 'healthy' });
      const tlsOptions = certificateFor(name);
      const port = await tlsFront(tlsOptions, mcp.port);
      const runner = createConformanceRunner({
        node: node24!,
        policy: { allowPrivate: true, dnsServers: [dns.server], userAgent: 'AgentAtlas tests' },
        extraCaFile: tlsOptions.certFile,
      });
      const result = await runner.run(`https://${name}:${port}/mcp`);
      expect(result).toMatchObject({ passed: 3, failed: 0 });
      expect(mcp.state.requests).toBeGreaterThan(0);
    },
    60_000,
  );

  it('the local proxy tunnels to the one host and port it was made for, and refuses any other', async () => {
    const target = await fakeMcp({ mode: 'healthy' });
    const proxy = await startPinnedProxy({
      hostname: 'mcp.pinned.test',
      port: target.port,
      address: '127.0.0.1',
    });
    closers.push(proxy);
    const connect = (authority: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request({
          host: '127.0.0.1',
          port: new URL(proxy.url).port,
          method: 'CONNECT',
          path: authority,
        });
        request.on('connect', (response, socket) => {
          socket.destroy();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
    expect(await connect(`mcp.pinned.test:${target.port}`)).toBe(200);
    expect(await connect(`elsewhere.test:${target.port}`)).toBe(403);
    expect(await connect(`mcp.pinned.test:${target.port + 1}`)).toBe(403);
    expect(await connect(`127.0.0.1:${target.port}`)).toBe(403);
    expect(proxy.state).toEqual({
      tunnels: 1,
      refused: [
        `elsewhere.test:${target.port}`,
        `mcp.pinned.test:${target.port + 1}`,
        `127.0.0.1:${target.port}`,
      ],
    });
  });
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
