import type { SubmitDraftResponse } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';

/**
 * POST /api/drafts/{id}/submit: the stored draft is validated fully and becomes a pending agent (201),
 * or the answer is 400 with per-field `details`, or 409 when the repository is already listed.
 */
export function submitDraft(id: number): Promise<SubmitDraftResponse> {
  return request<SubmitDraftResponse>(`/api/drafts/${id}/submit`, { method: 'POST' });
}
