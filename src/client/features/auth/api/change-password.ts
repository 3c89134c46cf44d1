import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema, messageResponseSchema } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

type ChangePassword = z.input<typeof changePasswordSchema>;
type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/auth/change-password: the other sessions of the user end. */
export function changePassword(input: ChangePassword): Promise<MessageResponse> {
  return request<MessageResponse>('/api/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
