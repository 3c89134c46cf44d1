import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Policy views (DESIGN section 11). `policy_views`: a view's rules (JSON PolicyRules) and approval,
 * with the lease of the instance evaluating it. `policy_members`: the servers it admits or holds in
 * its queue, with the tool set hash pinned when admitted and the one waiting for approval.
 * `policy_changelog`: every addition, drop and approval, each with its JWS.
 */
export function policyViewsMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);
  return {
    async up(db: AnyDb) {
      await id(db, 'policy_views')
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rules', 'text', (col) => col.notNull())
        .addColumn('approval', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('evaluated_at', 'text')
        .addColumn('lease_until', 'text')
        .execute();
      await db.schema.createIndex('policy_views_owner_idx').on('policy_views').column('owner_id').execute();
      await db.schema
        .createTable('policy_members')
        .addColumn('view_id', 'integer', (col) =>
          col.notNull().references('policy_views.id').onDelete('cascade'),
        )
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('pinned_hash', 'text')
        .addColumn('queued_hash', 'text')
        .addColumn('reason', 'text')
        .addColumn('since', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('policy_members_pk', ['view_id', 'agent_id'])
        .execute();
      await id(db, 'policy_changelog')
        .addColumn('view_id', 'integer', (col) =>
          col.notNull().references('policy_views.id').onDelete('cascade'),
        )
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('server_name', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('jws', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('policy_changelog_view_idx')
        .on('policy_changelog')
        .columns(['view_id', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('policy_changelog').execute();
      await db.schema.dropTable('policy_members').execute();
      await db.schema.dropTable('policy_views').execute();
    },
  };
}
