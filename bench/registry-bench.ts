/**
 * npm run bench:registry (issue 36): the MCP registry API and a policy view over BENCH_AGENTS (100,000)
 * listings, uncached (the registry API has no response cache: every answer is read anew).
 *
 * 1. A copy of the bench database gets an MCP endpoint URL on every agent, so every listing is a server.
 * 2. Pages of /v0.1/servers?limit=100 at random places of the catalogue (cursors from one walk), one at a
 *    time: p50/p99 of a page. Then BENCH_WALKS (3) full walks, following nextCursor: the time of each.
 *    Signed-in people write meanwhile (BENCH_WRITES, 50 a second: favorites and reviews, as npm run bench's
 *    writers), so scores and the listings' counters move under the reads.
 * 3. A signed-in person creates a policy view admitting every server without an open advisory (the
 *    request evaluates it and signs a changelog entry per server: its time is reported), then the same
 *    page and walk figures for /p/{slug}/v0.1/servers.
 * 4. Evidence moves: an admin publishes an advisory about one admitted server; the time until the
 *    view's answer for that server turns 404 (the evaluator runs every minute, so at most a minute and
 *    one evaluation), then withdrawn, until it is back.
 * Everything lands in bench/registry-results.json; BENCH_PORT moves the server off 3940.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { signUpWriters, startWriters, type WriteStats } from './mixed.js';
import { ensureBenchDatabase, startServer, stop } from './server.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 300);
const WALKS = Number(process.env.BENCH_WALKS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3940);
/** Signed-in writes a second (favorites, unfavorites, reviews) while the pages are read. */
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES ?? 50);
const base = `http://127.0.0.1:${port}`;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
const round1 = (value: number) => Math.round(value * 10) / 10;

interface Page {
  servers: Array<{ server: { name: string } }>;
  metadata: { count: number; nextCursor?: string };
}

async function getPage(url: string): Promise<{ page: Page; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const page = (await response.json()) as Page;
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { page, ms };
}

/** One full walk: every page in order; its time, its pages and the cursors met. */
async function walk(prefix: string) {
  const cursors: string[] = [];
  let cursor: string | undefined;
  let servers = 0;
  const started = performance.now();
  do {
    const { page } = await getPage(
      `${base}${prefix}/v0.1/servers?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    servers += page.servers.length;
    cursor = page.metadata.nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  return { ms: performance.now() - started, servers, cursors };
}

/** Pages and walks with the writers going: reviews and favorites move scores, so the evidence moves too. */
async function pageFigures(prefix: string, writers: Awaited<ReturnType<typeof signUpWriters>>) {
  const writing = startWriters(base, writers, AGENTS, WRITES_PER_SECOND);
  const figures = await readFigures(prefix).catch(async (error: unknown) => {
    await writing.stop();
    throw error;
  });
  const writes: WriteStats = await writing.stop();
  return {
    ...figures,
    writes: {
      perSecond: WRITES_PER_SECOND,
      done: writes.writes,
      failed: writes.failed,
      p50Ms: writes.p50Ms,
      p99Ms: writes.p99Ms,
    },
  };
}

async function readFigures(prefix: string) {
  const first = await walk(prefix);
  const pageMs: number[] = [];
  for (let i = 0; i < PAGES; i += 1) {
    const cursor = first.cursors[Math.floor(Math.random() * first.cursors.length)];
    pageMs.push(
      (await getPage(`${base}${prefix}/v0.1/servers?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).ms,
    );
  }
  const walks = [first.ms];
  for (let i = 1; i < WALKS; i += 1) walks.push((await walk(prefix)).ms);
  return {
    servers: first.servers,
    pages: first.cursors.length + 1,
    pageMs: { p50: round1(at(pageMs, 0.5)), p99: round1(at(pageMs, 0.99)) },
    walkS: walks.map((ms) => round1(ms / 1000)),
  };
}

async function signUp(email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench-Registry-Password-1', organizationType: 'individual' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function call(method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Polls until the view's answer for `name` is `status`; the time it took, in seconds. */
async function until(slug: string, name: string, status: number, since: number): Promise<number> {
  for (;;) {
    const response = await fetch(
      `${base}/p/${slug}/v0.1/servers/${encodeURIComponent(name)}/versions/latest`,
    );
    await response.arrayBuffer();
    if (response.status === status) return round1((performance.now() - since) / 1000);
    if (performance.now() - since > 180_000) throw new Error(`${name} never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const source = ensureBenchDatabase(AGENTS);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-registry-bench-'));
const file = path.join(dir, 'agentatlas.db');
fs.copyFileSync(source, file);
const db = new SqliteDatabase(file);
db.prepare("update agents set mcp_url = 'https://mcp-' || id || '.bench.example/mcp'").run();
db.close();

const server = await startServer(file, port, { PROBES: 'off', LOG_LEVEL: 'error' });
try {
  const load = os.loadavg().map(round1).join(' ');
  console.log(`registry API over ${AGENTS} listings (load ${load})`);
  const writers = await signUpWriters(base);
  const catalogue = await pageFigures('', writers);
  console.log('catalogue', JSON.stringify(catalogue));

  const ownerCookie = await signUp(`bench-view-${Date.now()}@example.com`);
  const adminEmail = `bench-admin-${Date.now()}@example.com`;
  const adminCookie = await signUp(adminEmail);
  const admin = new SqliteDatabase(file);
  admin.prepare("update users set role = 'admin' where email = ?").run(adminEmail);
  admin.close();

  const createStarted = performance.now();
  await call('POST', '/api/policies', ownerCookie, {
    slug: 'bench-view',
    name: 'Bench view',
    approval: 'automatic',
    rules: { noAdvisories: true },
  });
  const createS = round1((performance.now() - createStarted) / 1000);
  console.log(`view created and evaluated in ${createS} s`);
  const view = await pageFigures('/p/bench-view', writers);
  console.log('view', JSON.stringify(view));

  const target = (await getPage(`${base}/p/bench-view/v0.1/servers?limit=1`)).page.servers[0]!.server.name;
  const slug = target.split('/')[1]!;
  const advisedAt = performance.now();
  const advisory = await call('POST', '/api/admin/advisories', adminCookie, {
    summary: 'Bench advisory',
    details: 'Published by npm run bench:registry.',
    severity: 'high',
    affected: [{ slug }],
  });
  const dropS = await until('bench-view', target, 404, advisedAt);
  const withdrawnAt = performance.now();
  await call('POST', `/api/admin/advisories/${String(advisory.id)}/withdraw`, adminCookie);
  const backS = await until('bench-view', target, 200, withdrawnAt);
  console.log(`advisory -> dropped from the view in ${dropS} s; withdrawn -> back in ${backS} s`);

  const results = {
    date: new Date().toISOString(),
    agents: AGENTS,
    loadAverage: { before: load, after: os.loadavg().map(round1).join(' ') },
    catalogue,
    view: { ...view, createAndEvaluateS: createS },
    evidenceToView: { advisoryDropS: dropS, withdrawBackS: backS },
  };
  fs.writeFileSync(
    path.join(import.meta.dirname, 'registry-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  await stop(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
