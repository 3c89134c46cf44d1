import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Advisories (DESIGN section 11): `advisories` holds each one (its OSV id AGENTATLAS-<year>-<seq>,
 * unique by year and number), `advisory_affected` the agents it names, with the versions and tool set
 * hashes it is limited to (JSON arrays; empty means all).
 */
export function advisoriesMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);
  return {
    async up(db: AnyDb) {
      await id(db, 'advisories')
        .addColumn('osv_id', 'text', (col) => col.notNull().unique())
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('details', 'text', (col) => col.notNull())
        .addColumn('severity', 'text', (col) => col.notNull())
        .addColumn('published_at', 'text', (col) => col.notNull())
        .addColumn('modified_at', 'text', (col) => col.notNull())
        .addColumn('withdrawn_at', 'text')
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addUniqueConstraint('advisories_year_seq_unique', ['year', 'seq'])
        .execute();
      await db.schema
        .createTable('advisory_affected')
        .addColumn('advisory_id', 'integer', (col) =>
          col.notNull().references('advisories.id').onDelete('cascade'),
        )
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('versions', 'text', (col) => col.notNull())
        .addColumn('tool_set_hashes', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('advisory_affected_pk', ['advisory_id', 'agent_id'])
        .execute();
      await db.schema
        .createIndex('advisory_affected_agent_idx')
        .on('advisory_affected')
        .column('agent_id')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('advisory_affected').execute();
      await db.schema.dropTable('advisories').execute();
    },
  };
}
