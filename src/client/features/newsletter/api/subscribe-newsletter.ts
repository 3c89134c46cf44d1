import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewsletterSubscribe, newsletterResponseSchema } from '../../../../shared/api/newsletter.js';
import { request } from '../../../lib/request.js';

export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

export function subscribeNewsletter(body: NewsletterSubscribe): Promise<NewsletterResponse> {
  return request<NewsletterResponse>('/api/newsletter/subscribe', { method: 'POST', body });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
