import type { GithubAuthUrl } from '../../../../shared/api/github.js';
import { request, withQuery } from '../../../lib/request.js';

/**
 * GET /api/github/auth/url: where to send the popup (connect) or the new window (install), and the state
 * to compare on return. Typed loosely on purpose: the caller checks that both fields really came back.
 */
export function getGithubAuthUrl(flow: 'connect' | 'install'): Promise<Partial<GithubAuthUrl> | null> {
  return request<Partial<GithubAuthUrl> | null>(withQuery('/api/github/auth/url', { flow }));
}
