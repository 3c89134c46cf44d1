/**
 * npm run bench:metrics: `/api/metrics?range=90d` for an owner of 50 agents with 90 days of daily
 * figures, on a copy of the 100,000-agent bench database (bench/data/100000, made by
 * `npm run db:seed-bench` or `npm run bench` when missing). The copy gets migrated, an owner, 50
 * agents and their 90 days (5 metrics a day, ranks, favorites); the production server then answers
 * the owner's calls under autocannon and p50/p99 are printed. The bench database itself is untouched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { hashPassword } from '../src/server/features/auth/passwords.js';
import { ensureBenchDatabase, root, startServer } from './server.js';

/** BENCH_METRICS_AGENTS picks another bench database size (a quick check of the script itself). */
const AGENTS = Number(process.env.BENCH_METRICS_AGENTS ?? 100_000);
const OWNED = 50;
const DAYS = 90;
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const EMAIL = 'bench-owner@example.com';
const PASSWORD = 'Bench-Owner-Password-1';
const DAY_MS = 86_400_000;

/** The owner, their 50 agents and 90 days of figures, written in multi-row statements. */
async function prepare(file: string) {
  const db = createDb({ kind: 'sqlite', file });
  await migrateToLatest(db);
  const k = db.kysely;
  const now = new Date().toISOString();
  const owner = await k
    .insertInto('users')
    .values({
      email: EMAIL,
      username: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      first_name: 'Bench',
      last_name: 'Owner',
      full_name: 'Bench Owner',
      company_name: null,
      company_website: null,
      organization_type: 'individual',
      user_type: 'developer',
      role: 'user',
      email_verified: 1,
      is_anonymous: 0,
      github_id: null,
      github_login: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const published = await k
    .selectFrom('agents')
    .select('id')
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
  const stride = Math.max(1, Math.floor(published.length / OWNED));
  const agentIds = Array.from({ length: OWNED }, (_, i) => published[i * stride]!.id);
  await k.updateTable('agents').set({ owner_id: owner.id }).where('id', 'in', agentIds).execute();
  const rows: Array<{ agent_id: number; day: string; metric: string; value: number }> = [];
  for (const agentId of agentIds) {
    for (let back = 0; back < DAYS; back += 1) {
      const day = new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10);
      const views = 20 + ((agentId * 31 + back * 17) % 80);
      rows.push(
        { agent_id: agentId, day, metric: 'views', value: views },
        { agent_id: agentId, day, metric: 'visitors', value: views },
        { agent_id: agentId, day, metric: 'clicks_website', value: Math.round(views / 12) },
        { agent_id: agentId, day, metric: 'clicks_repository', value: Math.round(views / 25) },
        { agent_id: agentId, day, metric: 'clicks_docs', value: Math.round(views / 40) },
        { agent_id: agentId, day, metric: 'rank', value: 1 + (back % 9) },
      );
    }
  }
  for (let start = 0; start < rows.length; start += 500)
    await k
      .insertInto('agent_metrics_daily')
      .values(rows.slice(start, start + 500))
      .execute();
  await db.close();
  console.log(`prepared: ${OWNED} agents × ${DAYS} days = ${rows.length} daily rows`);
}

async function main() {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const source = ensureBenchDatabase(AGENTS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-metrics-bench-'));
  const file = path.join(dir, 'agentatlas.db');
  fs.copyFileSync(source, file);
  try {
    await prepare(file);
    const port = 3950;
    const server = await startServer(file, port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      const cookie = login.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      const check = (await (
        await fetch(`${base}/api/metrics?range=90d`, { headers: { cookie } })
      ).json()) as {
        agents: unknown[];
        series: unknown[];
      };
      if (check.agents.length !== OWNED || check.series.length !== DAYS)
        throw new Error(`unexpected answer: ${check.agents.length} agents, ${check.series.length} days`);
      const options = {
        url: `${base}/api/metrics?range=90d`,
        connections: CONNECTIONS,
        headers: { cookie },
      };
      await autocannon({ ...options, duration: WARMUP_S });
      const result = await autocannon({ ...options, duration: DURATION_S });
      console.log(
        `/api/metrics?range=90d (${OWNED} agents × ${DAYS} days, ${AGENTS} agents): ` +
          `${Math.round(result.requests.average)} req/s (${result.requests.total} requests)  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
          `${result.errors + result.non2xx ? `  (${result.errors + result.non2xx} errors)` : ''}`,
      );
    } finally {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
