import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Signed statements about agents (DESIGN section 11). Each statement AgentAtlas signs is a row: its
 * id is its place in the revocation status list (id 1 is index 0 of list 0), `claims` the RFC 8785
 * JSON of what it vouched for (a statement asked for again within the hour, with the same claims, is
 * answered again rather than signed anew), `revoked_at` set when it no longer holds.
 */
export function agentStatementsMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);
  return {
    async up(db: AnyDb) {
      await id(db, 'agent_statements')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('claims', 'text', (col) => col.notNull())
        .addColumn('jws', 'text')
        .addColumn('issued_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .execute();
      await db.schema
        .createIndex('agent_statements_agent_idx')
        .on('agent_statements')
        .columns(['agent_id', 'issued_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('agent_statements').execute();
    },
  };
}
