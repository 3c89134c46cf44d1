/**
 * npm run bench:ws: starts the production server on a fresh SQLite database, signs in N users
 * (sessions written straight into the database: the benchmark measures delivery, not argon2),
 * opens one authenticated socket per user, has an admin send one system message to all of them,
 * and reports the delivery delay (from the admin's request to each socket's receipt: p50, p99,
 * max) and the server's RSS. Writes bench/ws-results.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import WebSocket from 'ws';
import { serverEnv, serverNodeFlags } from '../scripts/server-flags.mjs';
import { waitFor } from './wait-for.js';

const root = path.resolve(import.meta.dirname, '..');
const sockets = Number(process.env.BENCH_SOCKETS ?? 5000);
const port = 3970;
const base = `http://127.0.0.1:${port}`;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  if (spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' }).status !== 0) {
    throw new Error('server build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-ws-bench-'));
  const env = {
    ...serverEnv,
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: 'none',
    LOG_LEVEL: 'warn',
  };
  const server = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  try {
    await waitFor(`${base}/readyz`);

    // Users and sessions, written directly: one admin plus one user per socket.
    const sqlite = new SqliteDatabase(path.join(dataDir, 'agentatlas.db'));
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const insertUser = sqlite.prepare(
      `INSERT INTO users (email, username, organization_type, user_type, role, email_verified, is_anonymous, created_at, updated_at)
       VALUES (?, ?, 'individual', 'developer', ?, 1, 0, ?, ?)`,
    );
    const insertSession = sqlite.prepare(
      'INSERT INTO sessions (token_hash, user_id, created_at, last_active_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    const people: Array<{ id: number; token: string }> = [];
    sqlite.transaction(() => {
      for (let index = 0; index <= sockets; index += 1) {
        const email = `ws-${index}@example.com`;
        const id = Number(
          insertUser.run(email, email, index === 0 ? 'admin' : 'user', now, now).lastInsertRowid,
        );
        const token = randomBytes(32).toString('base64url');
        insertSession.run(createHash('sha256').update(token).digest('hex'), id, now, now, later);
        people.push({ id, token });
      }
    })();
    sqlite.close();
    const [admin, ...users] = people;

    console.log(`opening ${users.length} sockets...`);
    const received: number[] = [];
    let sentAt = 0;
    const open: WebSocket[] = [];
    for (let start = 0; start < users.length; start += 200) {
      await Promise.all(
        users.slice(start, start + 200).map(
          (user) =>
            new Promise<void>((resolve, reject) => {
              const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?userId=${user.id}`, {
                headers: { cookie: `aa_session=${user.token}` },
              });
              socket.on('message', (raw) => {
                const message = JSON.parse(String(raw)) as { type: string };
                if (message.type === 'ready') resolve();
                if (message.type === 'notifications') received.push(performance.now() - sentAt);
              });
              socket.on('error', reject);
              open.push(socket);
            }),
        ),
      );
    }
    const rssBefore = rssMb(server.pid!);
    console.log(`${open.length} sockets authenticated; server RSS ${rssBefore.toFixed(0)} MB`);

    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid!))), 50);
    sentAt = performance.now();
    const response = await fetch(`${base}/api/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `aa_session=${admin!.token}` },
      body: JSON.stringify({ title: 'Benchmark', message: 'One notification to each socket.', link: '/' }),
    });
    const answeredMs = performance.now() - sentAt;
    if (response.status !== 202)
      throw new Error(`broadcast answered ${response.status}: ${await response.text()}`);
    const deadline = Date.now() + 30_000;
    while (received.length < open.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(sampler);
    for (const socket of open) socket.close();

    const sorted = [...received].sort((a, b) => a - b);
    const results = {
      sockets: open.length,
      delivered: received.length,
      broadcastAnsweredMs: Math.round(answeredMs),
      delayMs: {
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        max: Math.round(sorted.at(-1)!),
      },
      rssMb: { withSockets: Math.round(rssBefore), peak: Math.round(peakRss) },
    };
    console.log(
      `delivered ${results.delivered}/${results.sockets}; delay p50 ${results.delayMs.p50} ms, p99 ${results.delayMs.p99} ms, max ${results.delayMs.max} ms (target p99 < 2000 ms: ${results.delayMs.p99 < 2000 && results.delivered === results.sockets ? 'met' : 'MISSED'})`,
    );
    console.log(
      `server RSS: ${results.rssMb.withSockets} MB with the sockets open, ${results.rssMb.peak} MB at peak`,
    );
    fs.writeFileSync(path.join(root, 'bench/ws-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
