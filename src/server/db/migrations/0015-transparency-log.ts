import { sql, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/** The log's tables that are only ever appended to; the database refuses updates and deletes. */
const APPEND_ONLY = ['transparency_leaves', 'transparency_nodes', 'transparency_tree_heads'] as const;

/**
 * Signing keys and the transparency log (DESIGN sections 10 and 11).
 *
 * `signing_keys`: one row per key, `generation` 1, 2, …; the newest signs, older ones stay in the JWKS
 * until `not_after`. The private key is sealed with the server's key (lib/secret-box.ts).
 *
 * The log: observations wait in `transparency_queue` (written in the probe's transaction); the one
 * writer holding the lease in `transparency_writer` appends them to `transparency_leaves` (index from
 * 0), stores the hash of every complete subtree of two or more leaves in `transparency_nodes` (level
 * L, index i covers leaves i·2^L … (i+1)·2^L − 1), and signs a head in `transparency_tree_heads`. Any
 * range hash a proof needs is a fold of at most log2(n) stored subtrees, so a proof reads O(log n)
 * rows at any size. Leaves, nodes and heads are append-only: triggers refuse UPDATE and DELETE.
 */
export function transparencyLogMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (col) => col.primaryKey())
        .addColumn('generation', 'integer', (col) => col.notNull().unique())
        .addColumn('algorithm', 'text', (col) => col.notNull())
        .addColumn('public_jwk', 'text', (col) => col.notNull())
        .addColumn('private_jwk_sealed', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('retired_at', 'text')
        .addColumn('not_after', 'text')
        .execute();

      await id(db, 'transparency_queue')
        .addColumn('leaf', 'text', (col) => col.notNull())
        .addColumn('leaf_hash', 'text', (col) => col.notNull())
        .addColumn('enqueued_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('transparency_leaves')
        .addColumn('idx', 'integer', (col) => col.primaryKey())
        .addColumn('leaf', 'text', (col) => col.notNull())
        .addColumn('leaf_hash', 'text', (col) => col.notNull())
        .addColumn('appended_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('transparency_leaves_hash_idx')
        .on('transparency_leaves')
        .column('leaf_hash')
        .execute();

      await db.schema
        .createTable('transparency_nodes')
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('idx', 'integer', (col) => col.notNull())
        .addColumn('hash', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('transparency_nodes_pk', ['level', 'idx'])
        .execute();

      await id(db, 'transparency_tree_heads')
        .addColumn('tree_size', 'integer', (col) => col.notNull())
        .addColumn('root_hash', 'text', (col) => col.notNull())
        .addColumn('timestamp', 'text', (col) => col.notNull())
        .addColumn('kid', 'text', (col) => col.notNull())
        .addColumn('jws', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('transparency_tree_heads_size_idx')
        .on('transparency_tree_heads')
        .columns(['tree_size', 'id'])
        .execute();

      await db.schema
        .createTable('transparency_writer')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .execute();

      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION transparency_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`.execute(db);
        for (const table of APPEND_ONLY)
          await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
            FOR EACH ROW EXECUTE FUNCTION transparency_append_only()`.execute(db);
      } else {
        for (const table of APPEND_ONLY)
          for (const action of ['update', 'delete'])
            await sql`CREATE TRIGGER ${sql.raw(`${table}_no_${action}`)} BEFORE ${sql.raw(action.toUpperCase())}
              ON ${sql.table(table)} BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(
              db,
            );
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('transparency_writer').execute();
      await db.schema.dropTable('transparency_tree_heads').execute();
      await db.schema.dropTable('transparency_nodes').execute();
      await db.schema.dropTable('transparency_leaves').execute();
      await db.schema.dropTable('transparency_queue').execute();
      if (dialect === 'postgres') await sql`DROP FUNCTION transparency_append_only()`.execute(db);
      await db.schema.dropTable('signing_keys').execute();
    },
  };
}
