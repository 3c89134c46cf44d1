import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database.js';

const dirs: string[] = [];
const dbs: Db[] = [];

function newDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-wal-'));
  dirs.push(dir);
  return dir;
}

function newDatabase() {
  const dir = newDir();
  const file = path.join(dir, 'agentatlas.db');
  const db = createDb({ kind: 'sqlite', file });
  dbs.push(db);
  return { db, file, dir };
}

/** The rows of `notes` in the database file alone: what a copy that leaves the log behind holds. */
function rowsInFileAlone(file: string, dir: string): number | undefined {
  const copy = path.join(dir, 'file-alone.db');
  fs.copyFileSync(file, copy);
  try {
    const alone = new SqliteDatabase(copy, { readonly: true });
    try {
      return (alone.prepare('select count(*) as n from notes').get() as { n: number }).n;
    } finally {
      alone.close();
    }
  } catch {
    // Copied before the table reached the file, or in the middle of a checkpoint: look again.
    return undefined;
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

/** Waits up to `ms` for the database file alone to hold `expected` rows; what it holds at the end. */
async function rowsInFileAloneWithin(ms: number, file: string, dir: string, expected: number) {
  const deadline = Date.now() + ms;
  let rows = rowsInFileAlone(file, dir);
  while (rows !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = rowsInFileAlone(file, dir);
  }
  return rows;
}

describe('SQLite write-ahead log checkpoints', () => {
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.close().catch(() => {});
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed writes into the database file within two seconds, though no commit filled the log', async () => {
    const { db, file, dir } = newDatabase();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    // 200 commits of a few pages: far below the 1,000 pages at which a commit would checkpoint itself.
    for (let index = 0; index < 200; index += 1)
      await sql`insert into notes (body) values (${`note ${index}`})`.execute(db.kysely);

    expect(await rowsInFileAloneWithin(2000, file, dir, 200)).toBe(200);
  });

  it('closes its own connection with the database, so the log is folded in and removed', async () => {
    const { db, file, dir } = newDatabase();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    await sql`insert into notes (body) values ('kept')`.execute(db.kysely);
    // The background connection is open once it has checkpointed.
    expect(await rowsInFileAloneWithin(2000, file, dir, 1)).toBe(1);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);

    await db.close();

    // SQLite removes the log only when the last connection closes: the worker's is closed too.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare('select body from notes').all()).toEqual([{ body: 'kept' }]);
    reopened.close();
  });

  it('lets a command that opens and closes the database finish (npm run db:migrate)', () => {
    const dir = newDir();
    const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/migrate-cli.ts'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, 'migrated.db')}` },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout).toMatch(/^applied: /);
    expect(migrated.status).toBe(0);
  });
});
