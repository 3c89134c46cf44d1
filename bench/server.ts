/** What the benchmarks share: the seeded bench databases and the production server started on one. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from '../scripts/server-flags.mjs';
import { waitFor } from './wait-for.js';

export const root = path.resolve(import.meta.dirname, '..');
export const dataRoot = path.join(root, 'bench/data');

/** bench/data/<agents>/agentatlas.db, seeded with `npm run db:seed-bench` the first time (under a minute). */
export function ensureBenchDatabase(agents: number, reviews = agents * 10): string {
  const dir = path.join(dataRoot, `${agents}`);
  const file = path.join(dir, 'agentatlas.db');
  if (fs.existsSync(file)) return file;
  console.log(`seeding ${agents} agents / ${reviews} reviews into ${file}...`);
  const result = spawnSync(
    'npx',
    ['tsx', 'src/server/db/seed-bench-cli.ts', '--agents', String(agents), '--reviews', String(reviews)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
  );
  if (result.status !== 0) throw new Error('seeding failed');
  return file;
}

/** The production server (dist/server, with npm start's Node flags) on an SQLite file or a PostgreSQL URL. */
export async function startServer(
  database: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...serverEnv,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(database.startsWith('postgres')
        ? { DATA_DIR: path.join(dataRoot, 'postgres'), DATABASE_URL: database }
        : { DATA_DIR: path.dirname(database), DATABASE_URL: `file:${database}` }),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100000',
      ...extraEnv,
    },
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return child;
}

export function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The resident set of a process, in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * The server's statements sent to its database and requests answered so far, read from its metrics
 * port (METRICS_PORT): the difference over a phase is its queries per request.
 */
export async function databaseWork(metricsPort: number): Promise<{ queries: number; requests: number }> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  let queries = 0;
  let requests = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('agentatlas_database_queries_total ')) queries = Number(line.split(' ')[1]);
    else if (line.startsWith('http_request_duration_seconds_count{'))
      requests += Number(line.split(' ').at(-1));
  }
  return { queries, requests };
}

/** Queries per request between two readings of databaseWork. */
export function queriesPerRequest(
  before: { queries: number; requests: number },
  after: { queries: number; requests: number },
): number {
  const requests = after.requests - before.requests;
  return requests > 0 ? Math.round(((after.queries - before.queries) / requests) * 100) / 100 : 0;
}
