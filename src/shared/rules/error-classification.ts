export type ErrorCategory =
  'validation' | 'authentication' | 'authorization' | 'not_found' | 'server' | 'network' | 'unknown';

/** Spec section 8: HTTP status to error category. "network" exists but is never assigned from a status. */
export function classifyStatus(status: number): ErrorCategory {
  if (status === 400) return 'validation';
  if (status === 401) return 'authentication';
  if (status === 403) return 'authorization';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'validation';
  if (status >= 500 && status < 600) return 'server';
  return 'unknown';
}

const NEVER_RETRIED: ReadonlySet<ErrorCategory> = new Set([
  'authentication',
  'authorization',
  'validation',
  'not_found',
]);

/** Spec section 8: these categories are never retried; other query errors up to 2 times. */
export function isRetryableCategory(category: ErrorCategory): boolean {
  return !NEVER_RETRIED.has(category);
}

/**
 * Spec section 4: what raises the session error alert: an authentication-type error, or the message
 * "User not found" (an account removed while its session was still in use).
 */
export function signalsSessionError(error: { type: ErrorCategory; message: string }): boolean {
  return error.type === 'authentication' || error.message === 'User not found';
}
