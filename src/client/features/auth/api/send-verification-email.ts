import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailOnlySchema, messageResponseSchema } from '../../../../shared/api/auth.js';
import { isApiError, request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

type EmailOnly = z.input<typeof emailOnlySchema>;
type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/auth/send-verification-email (spec section 7). */
export function sendVerificationEmail(email: string): Promise<MessageResponse> {
  const body: EmailOnly = { email };
  return request<MessageResponse>('/api/auth/send-verification-email', { method: 'POST', body });
}

/** Spec section 8: the verification toasts. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: () =>
      toast.success('Verification email sent', {
        description: 'Please check your inbox and spam folder for a verification link.',
      }),
    onError: (error) =>
      toast.error('Failed to send verification email', {
        description:
          isApiError(error) && error.serverMessage
            ? error.serverMessage
            : 'An error occurred. Please try again.',
      }),
  });
}
