import { useMutation } from '@tanstack/react-query';
import type { NewsletterSubscribe } from '../../../../shared/api/newsletter.js';
import { request } from '../../../lib/request.js';

export interface NewsletterResponse {
  message: string;
}

export function subscribeNewsletter(body: NewsletterSubscribe): Promise<NewsletterResponse> {
  return request<NewsletterResponse>('/api/newsletter/subscribe', { method: 'POST', body });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
