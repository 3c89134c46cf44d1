import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema, resetPasswordSchema } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

type ResetPassword = z.input<typeof resetPasswordSchema>;
type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/auth/reset-password with the token of the e-mailed link. */
export function resetPassword(input: ResetPassword): Promise<MessageResponse> {
  return request<MessageResponse>('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
