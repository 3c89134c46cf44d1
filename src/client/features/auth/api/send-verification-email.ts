import { useMutation } from '@tanstack/react-query';
import { isApiError, request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** POST /api/auth/send-verification-email (spec section 7). */
export function sendVerificationEmail(email: string): Promise<{ message: string }> {
  return request<{ message: string }>('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email },
  });
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
