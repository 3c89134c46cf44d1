import type { GithubRepoPrefill } from '../../../../shared/api/github.js';
import { request } from '../../../lib/request.js';

/** GET /api/github/repos/{owner}/{repo}: what the submission form is filled with for that repository. */
export function getRepoPrefill(fullName: string): Promise<GithubRepoPrefill> {
  const [owner = '', repo = ''] = fullName.split('/');
  return request<GithubRepoPrefill>(
    `/api/github/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
  );
}
