import type { Db, Executor } from '../../db/database.js';

export function createStatementsRepo(db: Db) {
  const k = db.kysely;
  return {
    /** The agent's newest statement that is signed, not revoked and not expired at `now`. */
    findNewestLive(agentId: number, now: string) {
      return k
        .selectFrom('agent_statements')
        .select(['id', 'claims', 'jws', 'issued_at'])
        .where('agent_id', '=', agentId)
        .where('jws', 'is not', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('issued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A new statement's row, before it is signed: its id is its place in the status list. */
    async insert(values: { agentId: number; claims: string; issuedAt: string; expiresAt: string }) {
      const row = await k
        .insertInto('agent_statements')
        .values({
          agent_id: values.agentId,
          claims: values.claims,
          issued_at: values.issuedAt,
          expires_at: values.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setJws(id: number, jws: string, trx: Executor) {
      await trx.updateTable('agent_statements').set({ jws }).where('id', '=', id).execute();
    },

    /**
     * Revokes the agent's live statements (not expired, not revoked), those vouching for other claims
     * than `keepClaims` when given; answers how many.
     */
    async revokeLive(
      agentId: number,
      options: { at: string; reason: string; keepClaims?: string },
      trx: Executor = k,
    ): Promise<number> {
      let query = trx
        .updateTable('agent_statements')
        .set({ revoked_at: options.at, revoked_reason: options.reason })
        .where('agent_id', '=', agentId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', options.at);
      if (options.keepClaims !== undefined) query = query.where('claims', '!=', options.keepClaims);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The ids from `fromId` to `toId` (inclusive) that are revoked. */
    async revokedIdsBetween(fromId: number, toId: number): Promise<number[]> {
      const rows = await k
        .selectFrom('agent_statements')
        .select('id')
        .where('id', '>=', fromId)
        .where('id', '<=', toId)
        .where('revoked_at', 'is not', null)
        .execute();
      return rows.map((row) => row.id);
    },

    async highestId(): Promise<number> {
      const row = await k
        .selectFrom('agent_statements')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },
  };
}

export type StatementsRepo = ReturnType<typeof createStatementsRepo>;
