import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Ownership claims and appeals. A claim is evidence of control (a DNS record, a
 * well-known file, push access on GitHub) that is checked again daily and lapses after repeated
 * failures; the verified badge follows the active claims. An appeal asks an admin, once per
 * decision, to reconsider a rejection or a lapse.
 */
export function ownershipClaimsMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);

  return {
    async up(db: AnyDb) {
      await id(db, 'ownership_claims')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('token', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('verified_at', 'text')
        .addColumn('checked_at', 'text')
        .addColumn('next_check_at', 'text')
        .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('detail', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('lapse_event_id', 'integer', (col) =>
          col.references('agent_events.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('ownership_claims_agent_method_subject_unique', [
          'agent_id',
          'method',
          'subject',
        ])
        .execute();
      await db.schema
        .createIndex('ownership_claims_due_idx')
        .on('ownership_claims')
        .columns(['status', 'next_check_at'])
        .execute();

      await id(db, 'appeals')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('event_id', 'integer', (col) =>
          col.notNull().unique().references('agent_events.id').onDelete('cascade'),
        )
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('decided_at', 'text')
        .addColumn('decision_note', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('appeals_status_idx')
        .on('appeals')
        .columns(['status', 'created_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('appeals').execute();
      await db.schema.dropTable('ownership_claims').execute();
    },
  };
}
