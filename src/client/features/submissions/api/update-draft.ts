import type { Draft, DraftFields } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';

/** PUT /api/drafts/{id} with every field as the form holds it; answers the stored draft. */
export function updateDraft(id: number, fields: DraftFields, signal?: AbortSignal): Promise<Draft> {
  return request<Draft>(`/api/drafts/${id}`, { method: 'PUT', body: fields, ...(signal ? { signal } : {}) });
}
