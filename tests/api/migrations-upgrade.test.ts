import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createDb, type Db } from '../../src/server/db/database.js';
import { listMigrations, migrateUpTo } from '../../src/server/db/migrate.js';
import { createPostgresSchema } from '../support/postgres-schema.js';
import { connectRelease } from '../support/release-0001/connection.js';
import { contractedBy, releaseQueries, seedStatements } from '../support/release-0001/release.js';
import { runCli } from '../support/run-cli.js';
import { TEST_CHANNEL_PREFIX } from '../support/test-app.js';
import type { AgentListResponse } from '../../src/shared/api/agents.js';
import { seedAgents } from '../../src/server/db/seed-data/agents.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
const dataDirs: string[] = [];

/** An empty database of its own: a file in a fresh DATA_DIR, or a fresh PostgreSQL schema. */
async function emptyDatabase(): Promise<{ env: Record<string, string>; db: Db }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-upgrade-'));
  dataDirs.push(dataDir);
  const databaseUrl = postgresUrl
    ? (await createPostgresSchema(postgresUrl, process.env.TEST_SCHEMA_PREFIX ?? 'test')).databaseUrl
    : `file:${path.join(dataDir, 'agentatlas.db')}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  return { env, db: createDb(loadConfig(env).database) };
}

let names: string[];
beforeAll(async () => {
  const { db } = await emptyDatabase();
  names = (await listMigrations(db)).map((migration) => migration.name);
  await db.close();
});
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run db:migrate -- status', () => {
  it('lists the applied migrations with their time and the pending ones, changing nothing', async () => {
    const { env, db } = await emptyDatabase();
    try {
      expect(await migrateUpTo(db, names[0]!)).toEqual([names[0]]);
      const status = await runCli('src/server/db/migrate-cli.ts', ['status'], env);
      expect(status.stderr).toBe('');
      expect(status.code).toBe(0);
      const lines = status.stdout.trim().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^applied  ${names[0]}  \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`));
      expect(lines.slice(1, -1)).toEqual(names.slice(1).map((name) => `pending  ${name}`));
      expect(lines.at(-1)).toBe(`1 applied, ${names.length - 1} pending`);
      // Status applied nothing.
      expect((await listMigrations(db)).filter((m) => m.appliedAt).map((m) => m.name)).toEqual([names[0]]);

      const up = await runCli('src/server/db/migrate-cli.ts', [], env);
      expect(up.code).toBe(0);
      expect(up.stdout.trim()).toBe(`applied: ${names.slice(1).join(', ')}`);
      const after = await runCli('src/server/db/migrate-cli.ts', ['status'], env);
      expect(after.stdout.trim().split('\n').at(-1)).toBe(`${names.length} applied, 0 pending`);
    } finally {
      await db.close();
    }
  });

  it('refuses an unknown command', async () => {
    const { env, db } = await emptyDatabase();
    await db.close();
    const wrong = await runCli('src/server/db/migrate-cli.ts', ['statsu'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/unknown command "statsu"/);
  });
});

interface Round {
  round: number;
  /** The last migration the test had applied when the round started (null: before the first word). */
  level: string | null;
  failures: Record<string, string>;
}

/** The first release serving from its own process while the test upgrades the database under it. */
function startRelease(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../support/release-0001/runner.ts')],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const rounds: Round[] = [];
  let pending = '';
  let stderr = '';
  const listeners: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) rounds.push(JSON.parse(line) as Round);
    for (const listener of listeners.splice(0)) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    rounds,
    /** Tells the release the database is now at `level`, and resolves once a whole round ran after that. */
    async reached(level: string): Promise<void> {
      child.stdin.write(`${level}\n`);
      while (!rounds.some((round) => round.level === level)) {
        if (child.exitCode !== null) throw new Error(`the release stopped: ${stderr}`);
        await new Promise<void>((resolve) => {
          listeners.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    async stop(): Promise<{ code: number | null; stderr: string }> {
      child.stdin.end();
      return { code: await exited, stderr };
    },
  };
}

/** The rows the first release wrote, in the columns it knew (views change: its writes count them). */
async function releaseData(url: string) {
  const connection = await connectRelease(url);
  const select = (sql: string) => connection.run({ sql, params: [] });
  try {
    return {
      categories: await select(
        'select id, slug, name, description, icon, position, agent_count from categories order by id',
      ),
      users: await select(
        'select id, email, username, first_name, last_name, full_name, email_verified, is_anonymous from users order by id',
      ),
      agents:
        await select(`select id, slug, category_id, name, tagline, description, tags, website_url, repo_url,
        docs_url, pricing, status, verified, featured, rating_count, rating_sum, rating_1, rating_2, rating_3, rating_4,
        rating_5, rating_average, reputation_score, favorites_count, created_at, published_at from agents order by id`),
      reviews: await select(
        'select id, agent_id, user_id, rating, title, body, weight, helpful_count, created_at from reviews order by id',
      ),
      favorites: await select('select id, user_id, agent_id, created_at from favorites order by id'),
      sessions: await select('select token_hash, user_id, expires_at from sessions order by token_hash'),
      siteStats: await select('select rating_count, rating_sum, mean_snapshot from site_stats'),
      views: Number((await select('select sum(views_count) as views from agents'))[0]!.views),
      newsletter: Number((await select('select count(*) as count from newsletter_subscribers'))[0]!.count),
    };
  } finally {
    await connection.close();
  }
}

describe('upgrading a database the first release wrote', () => {
  it('applies every later migration while that release serves from it: its queries keep working and its data stays', async () => {
    const { env, db } = await emptyDatabase();
    await migrateUpTo(db, names[0]!);
    const seeding = await connectRelease(env.DATABASE_URL!);
    try {
      for (const statement of seedStatements(Date.now())) await seeding.run(statement);
    } finally {
      await seeding.close();
    }
    const before = await releaseData(env.DATABASE_URL!);
    expect(before.agents).toHaveLength(seedAgents.length);
    expect(before.reviews.length).toBeGreaterThan(100);

    const release = startRelease(env);
    let stopped = false;
    /** How many rounds had ended when each migration started: those ran wholly before it. */
    const roundsBefore = new Map<string, number>();
    try {
      // At its own level first: a query of the fixture that is wrong fails here, not as an upgrade.
      await release.reached(names[0]!);
      for (const name of names.slice(1)) {
        roundsBefore.set(name, release.rounds.length);
        expect(await migrateUpTo(db, name)).toEqual([name]);
        await release.reached(name);
      }
      const { code, stderr } = await release.stop();
      stopped = true;
      expect(stderr).toBe('');
      expect(code).toBe(0);
    } finally {
      if (!stopped) await release.stop();
      await db.close();
    }

    const levelIndex = (level: string | null) => (level === null ? -1 : names.indexOf(level));
    const unexpected: string[] = [];
    for (const [index, round] of release.rounds.entries()) {
      for (const query of releaseQueries) {
        const failure = round.failures[query.name];
        const contraction = contractedBy[query.name];
        if (contraction === undefined) {
          if (failure) unexpected.push(`round ${round.round} at ${round.level}, ${query.name}: ${failure}`);
        } else if (index < roundsBefore.get(contraction)! && failure) {
          unexpected.push(`${query.name} failed before ${contraction} (round ${round.round}): ${failure}`);
        } else if (levelIndex(round.level) >= names.indexOf(contraction) && !failure) {
          unexpected.push(
            `${query.name} works after ${contraction} (round ${round.round}): fix contractedBy`,
          );
        }
      }
    }
    expect(unexpected).toEqual([]);
    for (const migration of Object.values(contractedBy)) expect(names).toContain(migration);

    const after = await releaseData(env.DATABASE_URL!);
    const succeeded = (name: string) => release.rounds.filter((round) => !round.failures[name]).length;
    expect(after.views - before.views).toBe(succeeded('count a view (write)'));
    expect(after.newsletter - before.newsletter).toBe(succeeded('newsletter sign-up (write)'));
    expect({ ...after, views: 0, newsletter: 0 }).toEqual({ ...before, views: 0, newsletter: 0 });

    // This version serves the upgraded database.
    const app = await buildApp(
      loadConfig({
        ...env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED: 'none',
        PROBES: 'off',
        PUBLIC_URL: 'http://localhost:3000',
        REDIS_CHANNEL_PREFIX: TEST_CHANNEL_PREFIX,
      }),
    );
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      const listing = (await app.inject('/api/agents')).json<AgentListResponse>();
      expect(listing.totalCount).toBe(seedAgents.length);
      const named = seedAgents[3]!;
      const found = (
        await app.inject(`/api/agents?q=${encodeURIComponent(named.name)}`)
      ).json<AgentListResponse>();
      expect(found.agents.map((agent) => agent.slug)).toContain(named.slug);
    } finally {
      await app.close();
    }
  });
});
