import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailOnlySchema, messageResponseSchema } from '../../../../shared/api/auth.js';
import { request } from '../../../lib/request.js';

type EmailOnly = z.input<typeof emailOnlySchema>;
type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/auth/forgot-password: the same neutral answer for every address. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  const body: EmailOnly = { email };
  return request<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
