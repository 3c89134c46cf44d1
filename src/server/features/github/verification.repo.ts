import type { Db, Executor } from '../../db/database.js';

/** What verifying a listing reads and writes of the agents table. */
export function createVerificationRepo(db: Db) {
  return {
    /** The listing's owner, repository and badge, or null when there is no such agent. */
    async findAgent(id: number, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('agents')
          .select(['id', 'slug', 'name', 'owner_id', 'github_repo', 'status', 'verified'])
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    async setVerified(id: number, verified: boolean, at: string, trx: Executor = db.kysely): Promise<void> {
      await trx
        .updateTable('agents')
        .set({ verified: verified ? 1 : 0, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type VerificationRepo = ReturnType<typeof createVerificationRepo>;
