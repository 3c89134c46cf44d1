/**
 * npx tsx bench/outage-bench.ts: how long rate-limited calls take before, during and after a Redis
 * outage, and, with BENCH_DATABASE_URL=postgres://…, how long calls that need the database take to
 * be refused during a PostgreSQL outage and how long readiness takes to come back
 * (docs/decisions/0011-outages-degrade.md). The server runs in its own process from the sources
 * (tsx), on its own redis-server and, for PostgreSQL, behind a TCP proxy the script cuts; the
 * machine's Redis and PostgreSQL are never stopped. Prints a table and writes bench/outage-results.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startRedisServer } from '../tests/support/redis-server.js';
import { startTcpProxy } from '../tests/support/tcp-proxy.js';
import { waitFor } from './wait-for.js';

const root = path.resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const port = 3971;
const base = `http://127.0.0.1:${port}`;

let sequence = 0;
const email = () => `outage-bench-${Date.now()}-${(sequence += 1)}@example.com`;
const post = (pathname: string, json: unknown) =>
  fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

const rateLimitedCalls: Record<string, () => Promise<Response>> = {
  'login (argon2)': () => post('/api/auth/login', { username: email(), password: 'wrong-password-1' }),
  'forgot-password': () => post('/api/auth/forgot-password', { email: email() }),
  newsletter: () => post('/api/newsletter/subscribe', { email: email() }),
  'verify-email': () => post('/api/auth/verify-email', { token: 'x'.repeat(43) }),
};

const databaseCalls: Record<string, () => Promise<Response>> = {
  search: () => fetch(`${base}/api/agents?q=bench${(sequence += 1)}`),
  newsletter: () => post('/api/newsletter/subscribe', { email: email() }),
};

interface Figures {
  p50: number;
  p95: number;
  max: number;
  statuses: Record<string, number>;
}

async function measure(call: () => Promise<Response>, count: number): Promise<Figures> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  times.sort((x, y) => x - y);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), max: at(1), statuses };
}

async function measureAll(calls: Record<string, () => Promise<Response>>, count: number) {
  const result: Record<string, Figures> = {};
  for (const [name, call] of Object.entries(calls)) result[name] = await measure(call, count);
  return result;
}

/** Milliseconds until /readyz answers the status, polled every 10 ms. */
async function untilReadiness(status: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if ((await fetch(`${base}/readyz`)).status === status) return Math.round(performance.now() - started);
    if (performance.now() - started > 30_000) throw new Error(`/readyz never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function startServer(env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-outage-bench-'));
  const redis = await startRedisServer();
  const report: Record<string, unknown> = { rounds, machine: `${os.cpus().length} cores` };

  const databaseUrl = process.env.BENCH_DATABASE_URL;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  let serverDatabaseUrl = '';
  if (databaseUrl) {
    const target = new URL(databaseUrl);
    const schema = `outage_bench_${Date.now()}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(databaseUrl);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    through.searchParams.set('options', `-c search_path=${schema}`);
    serverDatabaseUrl = through.toString();
    report.database = 'postgres';
    report.schema = schema;
  } else report.database = 'sqlite';

  const server = startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: serverDatabaseUrl,
    REDIS_URL: redis.url,
    // Every call is counted, none refused: the figures are the limiter's cost, not 429s.
    RATE_LIMIT_MULTIPLIER: '100000',
  });
  try {
    await waitFor(`${base}/readyz`);
    await measureAll(rateLimitedCalls, 5); // warm-up
    report.redisUp = await measureAll(rateLimitedCalls, rounds);

    await redis.stop();
    const firstAfterStop: Record<string, number> = {};
    for (const [name, call] of Object.entries(rateLimitedCalls)) {
      const started = performance.now();
      const response = await call();
      await response.arrayBuffer();
      firstAfterStop[name] = Math.round(performance.now() - started);
    }
    report.redisDownFirstCall = firstAfterStop;
    report.redisDown = await measureAll(rateLimitedCalls, rounds);
    report.readyzDuringRedisOutage = await (await fetch(`${base}/readyz`)).json();

    await redis.start();
    report.msUntilReadyAfterRedisReturns = await untilReadiness(200);
    report.redisBack = await measureAll(rateLimitedCalls, rounds);

    if (proxy) {
      await proxy.setMode('refuse');
      report.postgresRefusing = await measureAll(databaseCalls, rounds);
      await proxy.setMode('blackhole');
      report.postgresHanging = await measureAll(databaseCalls, 3);
      const started = performance.now();
      const readyz = await fetch(`${base}/readyz`);
      report.readyzWhilePostgresHangs = {
        status: readyz.status,
        ms: Math.round(performance.now() - started),
        body: await readyz.json(),
      };
      await proxy.setMode('forward');
      report.msUntilReadyAfterPostgresReturns = await untilReadiness(200);
      report.postgresBack = await measureAll(databaseCalls, rounds);
    }
  } finally {
    await server.stop();
    await redis.stop();
    await proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && typeof report.schema === 'string') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${report.schema} CASCADE`);
      await client.end();
    }
  }

  console.log(JSON.stringify(report, null, 2));
  const file = path.join(root, 'bench', 'outage-results.json');
  const previous = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...previous, [String(report.database)]: report }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
