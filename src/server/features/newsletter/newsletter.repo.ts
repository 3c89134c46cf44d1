import type { Db, Executor } from '../../db/database.js';

export function createNewsletterRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Adds the (normalized) address; false when it was subscribed already. */
    async insertSubscriber(email: string, createdAt: string, trx: Executor = k): Promise<boolean> {
      const result = await trx
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: createdAt })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type NewsletterRepo = ReturnType<typeof createNewsletterRepo>;
