import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * The tool record (DESIGN section 10). agent_endpoints.tools now holds whole definitions (JSON
 * ToolDefinition[]: name, title, description, schemas, annotations, hash, findings; rows written
 * before read as tools with only a name and description), beside the tool set's hash, the server's
 * instructions, prompts and resource templates, the tool-set findings, the highest severity of any
 * finding (what listings filter on) and when the pins were last refreshed.
 * endpoint_changes gains the classified items and the hashes before and after; rows written before
 * keep `added` / `removed` (read as added and removed items) and have no items.
 * tool_hash_pins: each tool or tool set hash an endpoint served, first and last seen, and whether
 * the endpoint still serves it: the pins a gateway asks for (GET /api/tool-hashes/{hash}).
 */
export function toolRecordMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);
  return {
    async up(db: AnyDb) {
      for (const column of [
        'tool_set_hash',
        'instructions',
        'prompts',
        'resource_templates',
        'max_risk_severity',
        'pins_seen_at',
      ])
        await db.schema.alterTable('agent_endpoints').addColumn(column, 'text').execute();
      await db.schema
        .alterTable('agent_endpoints')
        .addColumn('tool_set_findings', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createIndex('agent_endpoints_risk_idx')
        .on('agent_endpoints')
        .columns(['max_risk_severity', 'agent_id'])
        .execute();

      for (const column of ['tool_set_hash', 'previous_tool_set_hash', 'items', 'leaf_hash'])
        await db.schema.alterTable('endpoint_changes').addColumn(column, 'text').execute();

      await id(db, 'tool_hash_pins')
        .addColumn('hash', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('first_seen_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('served_now', 'integer', (col) => col.notNull().defaultTo(1))
        .addUniqueConstraint('tool_hash_pins_hash_agent_url_unique', ['hash', 'agent_id', 'url'])
        .execute();
      await db.schema
        .createIndex('tool_hash_pins_agent_url_idx')
        .on('tool_hash_pins')
        .columns(['agent_id', 'url'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('tool_hash_pins').execute();
      for (const column of ['leaf_hash', 'items', 'previous_tool_set_hash', 'tool_set_hash'])
        await db.schema.alterTable('endpoint_changes').dropColumn(column).execute();
      await db.schema.dropIndex('agent_endpoints_risk_idx').execute();
      for (const column of [
        'tool_set_findings',
        'pins_seen_at',
        'max_risk_severity',
        'resource_templates',
        'prompts',
        'instructions',
        'tool_set_hash',
      ])
        await db.schema.alterTable('agent_endpoints').dropColumn(column).execute();
    },
  };
}
