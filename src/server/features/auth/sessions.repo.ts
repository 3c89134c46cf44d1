import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { SessionsTable } from '../../db/schema.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** Server-side sessions, stored by the hash of their cookie token. */
export function createSessionsRepo(db: Db) {
  // Every signed-in request reads its session first: compiled once (db/prepared-query.ts).
  const sessionWithUser = preparedQuery(db.kysely, (_: null, values: { tokenHash: string }) =>
    db.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.last_active_at', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', values.tokenHash),
  );
  return {
    /** The session of a token hash with its user's row, or null. */
    async findWithUser(tokenHash: string) {
      const [row] = await sessionWithUser.execute(null, { tokenHash });
      return row ?? null;
    },

    async insert(values: Insertable<SessionsTable>, trx: Executor = db.kysely): Promise<void> {
      await trx.insertInto('sessions').values(values).execute();
    },

    async markActive(tokenHash: string, at: string, trx: Executor = db.kysely): Promise<void> {
      await trx
        .updateTable('sessions')
        .set({ last_active_at: at })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    /** The activity of those of these sessions that still exist (the socket sweep, a page at a time). */
    async findActivity(tokenHashes: readonly string[], trx: Executor = db.kysely) {
      if (tokenHashes.length === 0) return [];
      return trx
        .selectFrom('sessions')
        .select(['token_hash', 'last_active_at', 'expires_at'])
        .where('token_hash', 'in', tokenHashes)
        .execute();
    },

    // Deletions are called by sessions.service.ts only, which also closes the sessions' sockets.

    /** Deletes these sessions; answers the hashes of those that existed. */
    async deleteByTokenHashes(tokenHashes: readonly string[], trx: Executor = db.kysely): Promise<string[]> {
      if (tokenHashes.length === 0) return [];
      const rows = await trx
        .deleteFrom('sessions')
        .where('token_hash', 'in', tokenHashes)
        .returning('token_hash')
        .execute();
      return rows.map((row) => row.token_hash);
    },

    /** Deletes every session of the user, except the one with `exceptTokenHash`; answers their hashes. */
    async deleteForUser(
      userId: number,
      exceptTokenHash: string | null = null,
      trx: Executor = db.kysely,
    ): Promise<string[]> {
      let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptTokenHash !== null) query = query.where('token_hash', '!=', exceptTokenHash);
      const rows = await query.returning('token_hash').execute();
      return rows.map((row) => row.token_hash);
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
