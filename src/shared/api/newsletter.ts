import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../limits.js';
import { SIMPLE_EMAIL_PATTERN } from '../rules/email.js';

export const newsletterSubscribeSchema = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, 'Email is too long')
    .regex(SIMPLE_EMAIL_PATTERN, 'Please enter a valid email address.'),
});
export type NewsletterSubscribe = z.infer<typeof newsletterSubscribeSchema>;

export const NEWSLETTER_SUBSCRIBED_MESSAGE = 'Subscribed successfully!';
export const NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE = 'This email is already subscribed.';

export const newsletterResponseSchema = z.object({ message: z.string() });
