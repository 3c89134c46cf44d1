import type { Db, Executor } from '../../db/database.js';

/** What claims and verification read and write of the agents table and its timeline. */
export function createClaimAgentsRepo(db: Db) {
  return {
    /** The listing by id; null when there is none. */
    async find(id: number, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('agents')
          .select(['id', 'slug', 'name', 'owner_id', 'github_repo', 'status', 'verified'])
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    /** The kind of the listing's latest badge change (verified, unverified, verification_lapsed), if any. */
    async lastBadgeEvent(agentId: number, trx: Executor = db.kysely): Promise<string | null> {
      const row = await trx
        .selectFrom('agent_events')
        .select('kind')
        .where('agent_id', '=', agentId)
        .where('kind', 'in', ['verified', 'unverified', 'verification_lapsed'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.kind ?? null;
    },
  };
}

export type ClaimAgentsRepo = ReturnType<typeof createClaimAgentsRepo>;
