import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

/** POST /api/auth/change-password: the other sessions of the user end. */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ message: string }> {
  return request<{ message: string }>('/api/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
