import type { Db, Executor } from '../../db/database.js';
import type { GithubConnectionsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

/** Users' GitHub connections for submissions; the token columns hold secret-box ciphertext only. */
export function createGithubConnectionsRepo(db: Db) {
  return {
    async find(userId: number, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('github_connections')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst()) ?? null
      );
    },

    async upsert(
      values: Omit<GithubConnectionsTable, 'created_at' | 'updated_at'>,
      trx: Executor = db.kysely,
    ): Promise<void> {
      const now = nowIso();
      await trx
        .insertInto('github_connections')
        .values({ ...values, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            github_user_id: values.github_user_id,
            login: values.login,
            access_token_enc: values.access_token_enc,
            refresh_token_enc: values.refresh_token_enc,
            token_expires_at: values.token_expires_at,
            scope: values.scope,
            updated_at: now,
          }),
        )
        .execute();
    },

    /** Drops the connection, but only the one that was read: a newer token stored meanwhile stays. */
    async remove(userId: number, onlyToken?: string, trx: Executor = db.kysely): Promise<void> {
      let query = trx.deleteFrom('github_connections').where('user_id', '=', userId);
      if (onlyToken !== undefined) query = query.where('access_token_enc', '=', onlyToken);
      await query.execute();
    },
  };
}

export type GithubConnectionsRepo = ReturnType<typeof createGithubConnectionsRepo>;
