import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Dialect, Statement } from './release.js';

/** A connection of the first release's own: better-sqlite3 opened as it opened it, or one pg client. */
export async function connectRelease(url: string): Promise<{
  dialect: Dialect;
  run(statement: Statement): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}> {
  if (url.startsWith('file:')) {
    const db = new SqliteDatabase(url.slice('file:'.length), { fileMustExist: true });
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return {
      dialect: 'sqlite',
      async run({ sql, params }) {
        const prepared = db.prepare(sql);
        if (prepared.reader) return prepared.all(...params) as Array<Record<string, unknown>>;
        prepared.run(...params);
        return [];
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    async run({ sql, params }) {
      let n = 0;
      const result = await client.query(
        sql.replace(/\?/g, () => `$${(n += 1)}`),
        params,
      );
      return result.rows as Array<Record<string, unknown>>;
    },
    close: () => client.end(),
  };
}
