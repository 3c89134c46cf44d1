import {
  NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
} from '../../../shared/api/newsletter.js';
import { normalizeEmail } from '../../../shared/rules/email.js';
import { nowIso } from '../../lib/time.js';
import type { NewsletterRepo } from './newsletter.repo.js';

export interface NewsletterDeps {
  newsletter: NewsletterRepo;
}

/**
 * A repeat subscription answers 200 with the "already subscribed" message, which the client
 * turns into its "Already subscribed" toast (spec section 8), instead of an error.
 */
export async function subscribeToNewsletter(
  deps: NewsletterDeps,
  email: string,
): Promise<{ message: string }> {
  const inserted = await deps.newsletter.insertSubscriber(normalizeEmail(email), nowIso());
  return { message: inserted ? NEWSLETTER_SUBSCRIBED_MESSAGE : NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE };
}
