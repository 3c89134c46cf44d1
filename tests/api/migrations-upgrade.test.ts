import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createDb, type Db } from '../../src/server/db/database.js';
import { listMigrations, migrateUpTo } from '../../src/server/db/migrate.js';
import { createPostgresSchema } from '../support/postgres-schema.js';
import { runCli } from '../support/run-cli.js';

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
