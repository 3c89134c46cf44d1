import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

/** POST /api/auth/reset-password with the token of the e-mailed link. */
export function resetPassword(input: { token: string; password: string }): Promise<{ message: string }> {
  return request<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
