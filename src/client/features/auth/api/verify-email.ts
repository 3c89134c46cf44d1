import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser, tokenSchema } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

type TokenBody = z.input<typeof tokenSchema>;

/** POST /api/auth/verify-email with the token of the e-mailed link. */
export function verifyEmail(token: string): Promise<CurrentUser> {
  const body: TokenBody = { token };
  return request<CurrentUser>('/api/auth/verify-email', { method: 'POST', body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
