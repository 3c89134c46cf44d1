import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { EmailTokensTable } from '../../db/schema.js';

/** Single-use e-mail tokens (verification, password reset); only their hashes are stored. */
export function createEmailTokensRepo(db: Db) {
  return {
    async findByHash(tokenHash: string, kind: EmailTokensTable['kind'], trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('email_tokens')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .where('kind', '=', kind)
          .executeTakeFirst()) ?? null
      );
    },

    async insert(values: Insertable<EmailTokensTable>, trx: Executor = db.kysely): Promise<void> {
      await trx.insertInto('email_tokens').values(values).execute();
    },

    /** Marks an unused token used; false when it was used already (another request got there first). */
    async markUsed(id: number, at: string, trx: Executor = db.kysely): Promise<boolean> {
      const result = await trx
        .updateTable('email_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteOfKind(userId: number, kind: EmailTokensTable['kind'], trx: Executor = db.kysely) {
      await trx.deleteFrom('email_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute();
    },

    async deleteForUser(userId: number, trx: Executor = db.kysely): Promise<void> {
      await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
    },
  };
}

export type EmailTokensRepo = ReturnType<typeof createEmailTokensRepo>;
