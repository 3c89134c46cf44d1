import { isApiError } from '../../../lib/request.js';

/**
 * Spec section 8: why the GitHub authentication could not start. The body's own explanation when it
 * gave one ("GitHub sign-in is not configured"), in its `message` or `error` field; a status text or a
 * proxy's page says nothing useful here.
 */
export function authStartFailureMessage(error: unknown): string {
  const explained = isApiError(error) ? (error.serverMessage ?? error.serverError) : undefined;
  return explained ?? 'Failed to start GitHub authentication process';
}
