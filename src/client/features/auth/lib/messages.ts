import { isApiError } from '../../../lib/request.js';

/** Spec section 8: the server's message, or "Login failed. Please try again." when the body is not JSON. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.isJson && error.serverMessage) return error.serverMessage;
  return 'Login failed. Please try again.';
}

/**
 * Spec section 8, registration failures: the server's message; a JSON answer without one; an answer that is
 * not JSON; no answer at all (network failure).
 */
export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'An unexpected error occurred during registration.';
  if (!error.isJson) return 'Registration failed. Please try again.';
  return error.serverMessage ?? 'Failed to register. Please try again.';
}

/** Spec section 8, login success: the form variant's description depends on where the person returns to. */
export function loginSuccessDescription(returnPath: string | null | undefined): string {
  return returnPath?.includes('submit-agent')
    ? 'Returning to your submission form...'
    : 'You have been logged in successfully.';
}
