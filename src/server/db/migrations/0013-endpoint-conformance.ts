import type { Migration } from 'kysely';
import type { AnyDb } from './table-with-id.js';

/**
 * The last run of the official MCP conformance suite per MCP endpoint (JSON: { suite, ranAt,
 * specVersion, passed, failed, checks }), when it was last tried (the weekly run picks endpoints
 * tried over 7 days ago), and a lease so that one run at a time holds an endpoint. Endpoints start
 * with none; the weekly run fills them in.
 */
export const endpointConformanceMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('agent_endpoints').addColumn('conformance', 'text').execute();
    await db.schema.alterTable('agent_endpoints').addColumn('conformance_at', 'text').execute();
    await db.schema.alterTable('agent_endpoints').addColumn('conformance_lease_until', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('agent_endpoints').dropColumn('conformance_lease_until').execute();
    await db.schema.alterTable('agent_endpoints').dropColumn('conformance_at').execute();
    await db.schema.alterTable('agent_endpoints').dropColumn('conformance').execute();
  },
};
