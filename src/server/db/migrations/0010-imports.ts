import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Imports from the ecosystem: what a listing was imported from (so the registry
 * sync recognises it), the sync's one row of state, and the new registry servers waiting for an admin.
 */
export function importsMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);

  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('agent_sources')
        .addColumn('agent_id', 'integer', (col) =>
          col.primaryKey().references('agents.id').onDelete('cascade'),
        )
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('source_url', 'text')
        .addColumn('registry_name', 'text')
        .addColumn('version', 'text')
        .addColumn('fetched_at', 'text', (col) => col.notNull())
        /** The newest registry version already queued as a pending edit (never queued twice). */
        .addColumn('queued_version', 'text')
        .execute();
      await db.schema
        .createIndex('agent_sources_registry_name_idx')
        .on('agent_sources')
        .column('registry_name')
        .execute();

      await db.schema
        .createTable('registry_sync')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(0))
        /** The registry's newest updatedAt seen: the next run asks for what changed since. */
        .addColumn('updated_since', 'text')
        /** Where an interrupted run goes on (the registry's opaque cursor). */
        .addColumn('cursor', 'text')
        .addColumn('last_run_at', 'text')
        .addColumn('last_success_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_counts', 'text')
        .addColumn('lease_until', 'text')
        .execute();

      await id(db, 'import_candidates')
        .addColumn('registry_name', 'text', (col) => col.notNull().unique())
        .addColumn('version', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        /** The registry's server.json for that version, as read. */
        .addColumn('data', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
        .addColumn('registry_updated_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('import_candidates_status_idx')
        .on('import_candidates')
        .columns(['status', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('import_candidates').execute();
      await db.schema.dropTable('registry_sync').execute();
      await db.schema.dropTable('agent_sources').execute();
    },
  };
}
