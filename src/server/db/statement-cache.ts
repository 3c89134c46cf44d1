import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Enough for every distinct query the app builds; `in (...)` lists of other lengths come and go. */
const STATEMENTS_KEPT = 512;

/**
 * The SQLite handle Kysely sees, preparing each SQL text once. Kysely's SQLite driver prepares the
 * statement at every execution, which cost more than running an indexed read (a seventh of an agent
 * page's CPU at 100,000 agents, `npm run bench`). A statement that is still being iterated is busy
 * and cannot be run again, so that one call gets a statement of its own.
 */
export function withStatementCache(sqlite: SqliteDatabase): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Re-inserted to keep the Map in least-recently-used order.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (kept) return statement;
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
}
