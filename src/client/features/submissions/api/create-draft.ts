import type { Draft, DraftFields } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';

/** POST /api/drafts → 201 with the new draft. */
export function createDraft(fields: DraftFields): Promise<Draft> {
  return request<Draft>('/api/drafts', { method: 'POST', body: fields });
}
