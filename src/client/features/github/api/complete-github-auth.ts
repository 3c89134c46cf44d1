import type { GithubCallback, GithubConnection } from '../../../../shared/api/github.js';
import { request } from '../../../lib/request.js';

/** POST /api/github/auth/callback {code, state}: the server checks the state and stores the token. */
export function completeGithubAuth(body: GithubCallback): Promise<GithubConnection> {
  return request<GithubConnection>('/api/github/auth/callback', { method: 'POST', body });
}
