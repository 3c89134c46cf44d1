import type { Migration } from 'kysely';
import type { AnyDb } from './table-with-id.js';

/**
 * What the trust signals rest on. A claim remembers its last failed check that counted towards a
 * lapse (failures count at most once per daily spacing, however often someone presses "check") and
 * since when its checks could not be made on AgentAtlas's side (an outage is no evidence). An A2A
 * endpoint keeps whether its card's signature counts, by which key and why, as JSON; the old `signed`
 * column stays as it was written (a signature checked with whatever key the card named).
 */
export const trustEvidenceMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('ownership_claims').addColumn('last_failure_at', 'text').execute();
    await db.schema.alterTable('ownership_claims').addColumn('unchecked_since', 'text').execute();
    await db.schema.alterTable('agent_endpoints').addColumn('signature', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('agent_endpoints').dropColumn('signature').execute();
    await db.schema.alterTable('ownership_claims').dropColumn('unchecked_since').execute();
    await db.schema.alterTable('ownership_claims').dropColumn('last_failure_at').execute();
  },
};
