import {
  NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
} from '../../../shared/api/newsletter.js';
import { normalizeEmail } from '../../../shared/rules/email.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';

/**
 * A repeat subscription answers 200 with the "already subscribed" message, which the client
 * turns into its "Already subscribed" toast (spec section 8), instead of an error.
 */
export async function subscribeToNewsletter(db: Db, email: string): Promise<{ message: string }> {
  const result = await db.kysely
    .insertInto('newsletter_subscribers')
    .values({ email: normalizeEmail(email), created_at: nowIso() })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  return { message: inserted ? NEWSLETTER_SUBSCRIBED_MESSAGE : NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE };
}
