import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** The database handle every repository is built over. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

/** Either the handle or a transaction: repository writes accept both. */
export type Executor = Kysely<Database> | Transaction<Database>;

export function createDb(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // Counts and sums come back as strings by default; every bigint here fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 16 MiB of page cache: the hot indexes fit, and the process stays well under its memory budget.
  sqlite.pragma('cache_size = -16384');
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
