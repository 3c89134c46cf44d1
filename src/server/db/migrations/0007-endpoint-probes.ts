import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Endpoints and their probes. A listing names an MCP server and an A2A agent card;
 * each published endpoint gets a row in agent_endpoints holding its latest state and the lease that
 * lets exactly one instance probe it at a time. Every probe adds a row to probe_results (kept for a
 * limited time, uptime is derived from it) and a change of tools adds one to endpoint_changes.
 */
export function endpointProbesMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);

  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('agents').addColumn('mcp_url', 'text').execute();
      await db.schema.alterTable('agents').addColumn('agent_card_url', 'text').execute();

      await id(db, 'agent_endpoints')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('unknown'))
        .addColumn('checked_at', 'text')
        .addColumn('latency_ms', 'integer')
        .addColumn('detail', 'text')
        .addColumn('tools', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('signed', 'integer')
        .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_probe_at', 'text', (col) => col.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('agent_endpoints_agent_kind_unique', ['agent_id', 'kind'])
        .execute();
      await db.schema
        .createIndex('agent_endpoints_due_idx')
        .on('agent_endpoints')
        .column('next_probe_at')
        .execute();

      await id(db, 'probe_results')
        .addColumn('endpoint_id', 'integer', (col) =>
          col.notNull().references('agent_endpoints.id').onDelete('cascade'),
        )
        .addColumn('checked_at', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('latency_ms', 'integer')
        .execute();
      await db.schema
        .createIndex('probe_results_endpoint_checked_idx')
        .on('probe_results')
        .columns(['endpoint_id', 'checked_at'])
        .execute();
      await db.schema
        .createIndex('probe_results_checked_idx')
        .on('probe_results')
        .column('checked_at')
        .execute();

      await id(db, 'endpoint_changes')
        .addColumn('endpoint_id', 'integer', (col) =>
          col.notNull().references('agent_endpoints.id').onDelete('cascade'),
        )
        .addColumn('changed_at', 'text', (col) => col.notNull())
        .addColumn('added', 'text', (col) => col.notNull())
        .addColumn('removed', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('endpoint_changes_endpoint_idx')
        .on('endpoint_changes')
        .columns(['endpoint_id', 'changed_at'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('endpoint_changes').execute();
      await db.schema.dropTable('probe_results').execute();
      await db.schema.dropTable('agent_endpoints').execute();
      await db.schema.alterTable('agents').dropColumn('agent_card_url').execute();
      await db.schema.alterTable('agents').dropColumn('mcp_url').execute();
    },
  };
}
