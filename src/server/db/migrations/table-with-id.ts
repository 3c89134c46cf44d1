import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then, not today's types
export type AnyDb = Kysely<any>;

/** `createTable` with an auto-incrementing integer `id` key, as each dialect spells it. */
export function tableWithId(dialect: Dialect) {
  return (db: AnyDb, table: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(table).addColumn('id', 'serial', (col) => col.primaryKey())
      : db.schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
