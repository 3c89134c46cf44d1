import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

/** POST /api/auth/verify-email with the token of the e-mailed link. */
export function verifyEmail(token: string): Promise<CurrentUser> {
  return request<CurrentUser>('/api/auth/verify-email', { method: 'POST', body: { token } });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
