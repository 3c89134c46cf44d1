import type { ImportRequest } from '../../../../shared/api/imports.js';
import type { ImportDraftResponse } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';

/** POST /api/drafts/import → 201 with the new draft, filled from the source. */
export function importDraft(body: ImportRequest): Promise<ImportDraftResponse> {
  return request<ImportDraftResponse>('/api/drafts/import', { method: 'POST', body });
}
