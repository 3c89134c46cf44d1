/**
 * The benchmark catalogue on PostgreSQL (`npm run bench -- --postgres`): the seeded SQLite database
 * copied table by table into a database of its own, once, and a throwaway copy of that for each run
 * that writes. Both engines store the same values (docs/decisions/0002), so rows copy as they are.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { createDb } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';

/** The server the benchmark uses: BENCH_POSTGRES_URL names it (any database on it; others are made there). */
const serverUrl = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
/** PostgreSQL takes at most 65,535 parameters in a statement. */
const PARAMETERS_PER_INSERT = 60_000;

export function postgresUrl(database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withServer<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The database `agentatlas_bench_<agents>` holding the same catalogue as the SQLite file, made the
 * first time (a minute or two for a million reviews) and reused while it holds that many agents.
 */
export async function ensurePostgresBenchDatabase(sqliteFile: string, agents: number): Promise<string> {
  const name = `agentatlas_bench_${agents}`;
  const url = postgresUrl(name);
  const ready = await withServer(async (server) => {
    const exists = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const count = await client.query('SELECT count(*)::int AS n FROM agents');
        if (count.rows[0].n === agents) return true;
      } catch {
        // Not migrated or half copied: made anew below.
      } finally {
        await client.end();
      }
      await server.query(`DROP DATABASE ${quote(name)} WITH (FORCE)`);
    }
    await server.query(`CREATE DATABASE ${quote(name)}`);
    return false;
  });
  if (ready) return url;

  console.log(`copying the ${agents}-agent catalogue into PostgreSQL (${name}), once...`);
  const started = Date.now();
  const db = createDb({ kind: 'postgres', url });
  await migrateToLatest(db);
  await db.close();

  const sqlite = new Database(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The copy is whole or dropped: foreign keys are not checked table by table meanwhile.
    await client.query('SET session_replication_role = replica');
    const tables = sqlite
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_migration%'`,
      )
      .all() as Array<{ name: string }>;
    for (const { name: table } of tables) {
      const columns = (
        sqlite.prepare(`PRAGMA table_info(${quote(table)})`).all() as Array<{ name: string }>
      ).map((column) => column.name);
      const rowsPerInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length));
      const insert = (rows: unknown[][]) => {
        const values = rows
          .map(
            (_, row) =>
              `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
          )
          .join(', ');
        return client.query(
          `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${values}`,
          rows.flat(),
        );
      };
      await client.query(`DELETE FROM ${quote(table)}`);
      let batch: unknown[][] = [];
      for (const row of sqlite
        .prepare(`SELECT * FROM ${quote(table)}`)
        .raw(true)
        .iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length === rowsPerInsert) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await insert(batch);
      if (columns.includes('id'))
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${quote(table)}), false)
           WHERE pg_get_serial_sequence($1, 'id') IS NOT NULL`,
          [table],
        );
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
    sqlite.close();
  }
  console.log(`copied in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return url;
}

/** A fresh copy of a benchmark database, for a run that writes; dropped again by the returned function. */
export async function postgresScratchCopy(
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const source = new URL(template).pathname.slice(1);
  const name = `${source}_scratch`;
  await withServer(async (server) => {
    await server.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(source)}`);
  });
  return {
    url: postgresUrl(name),
    drop: () =>
      withServer((server) => server.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
