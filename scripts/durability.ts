// npm run test:durability: are acknowledged writes kept when the server is killed mid-flight?
// Starts the production server, has signed-in people write concurrently (favorites, reviews, drafts), kills the
// process with SIGKILL at a random moment, restarts it, and checks that every write that was answered 2xx before
// the kill is still there. Runs on a fresh SQLite file and on a fresh PostgreSQL schema
// (TEST_DATABASE_URL or CI_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
// Options: --rounds N (default 20 on SQLite, 10 on PostgreSQL), --sqlite-only, --postgres-only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresSchema, dropPostgresSchema } from '../tests/support/postgres-schema.js';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const roundsArg = args.indexOf('--rounds');
const rounds = roundsArg >= 0 ? Number(args[roundsArg + 1]) : undefined;
const postgresUrl =
  process.env.TEST_DATABASE_URL || process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.DURABILITY_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const WRITERS = 16;
const PEOPLE = 24;

interface Person {
  cookie: string;
}
interface Acknowledged {
  favorites: Array<{ person: number; agentId: number }>;
  reviews: Array<{ person: number; agentId: number; reviewId: number }>;
  drafts: Array<{ person: number; draftId: number }>;
}

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

async function call(pathname: string, init: { method?: string; cookie?: string; json?: unknown } = {}) {
  return fetch(base + pathname, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    signal: AbortSignal.timeout(10_000),
  });
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...serverEnv, ...process.env, ...env },
  });
}

async function waitReady(deadlineMs = 60_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not become ready');
}

async function kill(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

async function signUp(index: number): Promise<Person> {
  const email = `durable-${process.pid}-${index}@example.com`;
  const response = await call('/api/auth/register', {
    method: 'POST',
    json: {
      email,
      password: 'Correct-Horse-42',
      organizationType: 'individual',
      username: email,
      userType: 'developer',
    },
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return { cookie: cookieFrom(response) };
}

/** Writers until `stop` is set: each write answered 2xx is recorded; failures (the kill) are not. */
async function write(
  people: Person[],
  agentIds: number[],
  acknowledged: Acknowledged,
  stop: { now: boolean },
) {
  let sequence = 0;
  const reviewed = new Set(acknowledged.reviews.map((review) => `${review.person}:${review.agentId}`));
  const writer = async () => {
    while (!stop.now) {
      sequence += 1;
      const person = sequence % people.length;
      const agentId = agentIds[Math.floor(Math.random() * agentIds.length)]!;
      const cookie = people[person]!.cookie;
      const kind = sequence % 3;
      try {
        if (kind === 0) {
          const response = await call('/api/favorites', { method: 'POST', cookie, json: { agentId } });
          if (response.ok) acknowledged.favorites.push({ person, agentId });
        } else if (kind === 1 && !reviewed.has(`${person}:${agentId}`)) {
          reviewed.add(`${person}:${agentId}`);
          const response = await call(`/api/agents/${agentId}/reviews`, {
            method: 'POST',
            cookie,
            json: { rating: 1 + (sequence % 5), body: `Durability review number ${sequence}` },
          });
          if (response.ok) {
            const review = (await response.json()) as { id: number };
            acknowledged.reviews.push({ person, agentId, reviewId: review.id });
          }
        } else {
          const response = await call('/api/drafts', {
            method: 'POST',
            cookie,
            json: { name: `Durable draft ${sequence}` },
          });
          if (response.ok) {
            const draft = (await response.json()) as { id: number };
            acknowledged.drafts.push({ person, draftId: draft.id });
          }
        }
      } catch {
        // The server was killed under this request: it was never acknowledged.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

/** Every acknowledged write that the restarted server no longer has. */
async function missing(people: Person[], acknowledged: Acknowledged) {
  const lost = { favorites: 0, reviews: 0, drafts: 0 };
  for (const [index, person] of people.entries()) {
    const favorites = (await (await call('/api/favorites', { cookie: person.cookie })).json()) as {
      favorites: Array<{ agentId: number }>;
    };
    const favoriteIds = new Set(favorites.favorites.map((favorite) => favorite.agentId));
    lost.favorites += acknowledged.favorites.filter(
      (favorite) => favorite.person === index && !favoriteIds.has(favorite.agentId),
    ).length;
    const drafts = (await (await call('/api/drafts', { cookie: person.cookie })).json()) as {
      drafts: Array<{ id: number }>;
    };
    const draftIds = new Set(drafts.drafts.map((draft) => draft.id));
    lost.drafts += acknowledged.drafts.filter(
      (draft) => draft.person === index && !draftIds.has(draft.draftId),
    ).length;
  }
  for (const review of acknowledged.reviews) {
    // The author's view of the agent names their own review (viewer facts).
    const response = await call(`/api/agents/${review.agentId}`, { cookie: people[review.person]!.cookie });
    const agent = (await response.json()) as { viewer?: { reviewId?: number | null } };
    if (agent.viewer?.reviewId !== review.reviewId) lost.reviews += 1;
  }
  return lost;
}

/** The count must be able to fail: remove one acknowledged favorite by hand and see it counted as missing. */
async function checkTheChecker(people: Person[], acknowledged: Acknowledged, lost: { favorites: number }) {
  const sample = acknowledged.favorites[0];
  if (!sample) return;
  const removed = await call(`/api/favorites/agent/${sample.agentId}`, {
    method: 'DELETE',
    cookie: people[sample.person]!.cookie,
  });
  if (removed.status !== 204) throw new Error(`could not remove a favorite: ${removed.status}`);
  const expected =
    lost.favorites +
    acknowledged.favorites.filter(
      (favorite) => favorite.person === sample.person && favorite.agentId === sample.agentId,
    ).length;
  const recounted = await missing(people, acknowledged);
  if (recounted.favorites !== expected)
    throw new Error(`the checker missed a removed favorite (${recounted.favorites}, expected ${expected})`);
}

async function runOn(label: string, databaseUrl: string, roundCount: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-durability-'));
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'demo',
    LOG_LEVEL: 'error',
    RATE_LIMIT_MULTIPLIER: '10000',
  };
  let server = startServer(env);
  await waitReady();
  const listing = (await (await call('/api/agents?limit=50')).json()) as { agents: Array<{ id: number }> };
  const agentIds = listing.agents.map((agent) => agent.id);
  const people: Person[] = [];
  for (let index = 0; index < PEOPLE; index += 1) people.push(await signUp(index));
  const acknowledged: Acknowledged = { favorites: [], reviews: [], drafts: [] };
  for (let round = 1; round <= roundCount; round += 1) {
    const stop = { now: false };
    const writing = write(people, agentIds, acknowledged, stop);
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
    await kill(server);
    stop.now = true;
    await writing;
    server = startServer(env);
    await waitReady();
  }
  const lost = await missing(people, acknowledged);
  await checkTheChecker(people, acknowledged, lost);
  await kill(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const total = acknowledged.favorites.length + acknowledged.reviews.length + acknowledged.drafts.length;
  const lostTotal = lost.favorites + lost.reviews + lost.drafts;
  console.log(
    `${label}: ${roundCount} SIGKILL restarts, ${total} writes acknowledged ` +
      `(${acknowledged.favorites.length} favorites, ${acknowledged.reviews.length} reviews, ` +
      `${acknowledged.drafts.length} drafts), ${lostTotal} missing after restart ` +
      `(favorites ${lost.favorites}, reviews ${lost.reviews}, drafts ${lost.drafts})`,
  );
  return { label, rounds: roundCount, acknowledged: total, missing: lostTotal, lost };
}

if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
  console.log('Building the server...');
  const built = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const results = [];
if (!args.includes('--postgres-only')) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-durability-db-')), 'atlas.db');
  results.push(await runOn('SQLite', `file:${file}`, rounds ?? 20));
}
if (!args.includes('--sqlite-only')) {
  const { schema, databaseUrl } = await createPostgresSchema(postgresUrl, 'durability');
  try {
    results.push(await runOn('PostgreSQL', databaseUrl, rounds ?? 10));
  } finally {
    await dropPostgresSchema(postgresUrl, schema);
  }
}
const failed = results.some((result) => result.missing > 0);
console.log(failed ? 'acknowledged writes were lost' : 'no acknowledged write was lost');
process.exit(failed ? 1 : 0);
