import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

/** POST /api/auth/forgot-password: the same neutral answer for every address. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return request<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
