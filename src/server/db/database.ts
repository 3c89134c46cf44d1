import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { databaseQueriesTotal } from '../ops/ops-counters.js';
import { DEFAULT_POOL_SIZE } from './pool-size.js';
import { forgetStatementName, preparedStatementName } from './prepared-query.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { startWalCheckpoints } from './wal-checkpoints.js';

export type Dialect = 'sqlite' | 'postgres';

/** The database handle every repository is built over. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

/** Either the handle or a transaction: repository writes accept both. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * How long a query waits for a PostgreSQL connection, new or from the pool, before it fails and the
 * request is answered 503 (docs/decisions/0011-outages-degrade.md). pg's default waits forever, so
 * an unreachable server held every request. A connection on this machine or a LAN opens in
 * milliseconds; a query still waiting for one after this long is in an outage or an overload.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 2000;

/**
 * The SQLSTATE of "cached plan must not change result type" (a kept plan's table changed its columns).
 * It names a class (feature not supported), and messages are translated, so any such error of a
 * named statement is retried unnamed once: a different cause fails the same way again.
 */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * A connection that sends a prepared query's SQL as a named statement, so PostgreSQL parses and plans
 * it once on this connection and then only binds values (prepared-query.ts, decision 0027). Kysely
 * sends every query as text and values; the rest go as before. A named statement whose table changed
 * its columns since is sent again unnamed, and unnamed from then on (forgetStatementName). Behind
 * PgBouncer in transaction mode this needs PgBouncer 1.21 or later with max_prepared_statements set.
 */
class NamedStatementClient extends pg.Client {
  // pg's query has many overloads; Kysely calls the (text, values) one and awaits the promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    const send = (super.query as (...args: unknown[]) => Promise<unknown>).bind(this);
    const name = typeof config === 'string' ? preparedStatementName(config) : undefined;
    if (name === undefined || callback !== undefined) return send(config, values, callback);
    return send({ name, text: config, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      forgetStatementName(config as string);
      return send(config, values);
    });
  }
}

/**
 * SQLite runs schema changes inside transactions, but Kysely's adapter says it does not, so its
 * migrator committed each statement of a migration on its own: a migration that failed halfway left
 * half a schema, and a server still serving from the database saw several schema changes in a row
 * (its full-text table's constructor failed reading one mid-change). Saying so makes the migrator
 * apply each run in one transaction, as it does on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Transactions begin IMMEDIATE: a deferred one that read first and then wrote after another process
 * had committed (a migration while a server writes, the CLI beside a server) failed at once with
 * "database is locked", because SQLite cannot wait for a snapshot that is already stale; an immediate
 * one takes the write lock up front and waits its busy_timeout like any other write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class AgentAtlasSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Every statement Kysely sends, for the operator's query rate and the benchmark's queries per request. */
function countQueries(): void {
  databaseQueriesTotal.inc();
}

export function createDb(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      Client: NamedStatementClient,
      connectionString: database.url,
      max: database.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A connection that breaks (the server restarted or went away) emits 'error', and so does the pool
    // for an idle one; unheard, either event would end the process. The query running on it fails with
    // the error and the pool drops the connection; the next query opens a new one, and its failure, if
    // the server is still away, reaches that query's caller (answered 503 by http/error-handler.ts).
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    // Counts and sums come back as strings by default; every bigint here fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: countQueries });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL, not FULL: in WAL mode a commit then waits for no fsync (the WAL is synced at checkpoints,
  // which a worker thread runs: startWalCheckpoints below, decision 0023).
  // better-sqlite3 runs on the event loop, so each fsync of 3 ms held up every read behind it: at 50
  // writes a second the read mix lost a third of its throughput and the writes' p99 was 165 ms
  // (decision 0020). The database cannot be corrupted either way; a power cut may undo the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 4 MiB of page cache: the hot index pages fit, and the process stays under its 250 MB budget
  // (npm run bench, peak RSS); a row not in it is one read from the OS's file cache. 8 and 12 MiB
  // measured the same CPU per request under the long-tail mix, 5 and 9 MB more resident.
  sqlite.pragma('cache_size = -4096');
  sqlite.pragma('temp_store = MEMORY');
  // The log is copied into the database file by a worker thread, not by the commit that fills it.
  const checkpoints = startWalCheckpoints(sqlite, database.file);
  const kysely = new Kysely<Database>({
    dialect: new AgentAtlasSqliteDialect({ database: withStatementCache(sqlite) }),
    log: countQueries,
  });
  return {
    kysely,
    dialect: 'sqlite',
    // The worker's connection first: the last connection to close checkpoints and removes the log.
    close: async () => {
      await checkpoints.stop();
      await kysely.destroy();
    },
  };
}
