import type { Migration } from 'kysely';
import type { AnyDb } from './table-with-id.js';

/**
 * What the last probe of an MCP endpoint found per protocol era (JSON: [{ version, supported,
 * checkedAt, detail }]) and, for a server asking for credentials, where it says to get them (JSON:
 * { resourceMetadata, authorizationServers }, or null). Endpoints probed before start with none; the
 * probe history (probe_results) is left as it was recorded.
 */
export const probeProtocolsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('agent_endpoints')
      .addColumn('protocols', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('agent_endpoints').addColumn('auth', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('agent_endpoints').dropColumn('auth').execute();
    await db.schema.alterTable('agent_endpoints').dropColumn('protocols').execute();
  },
};
