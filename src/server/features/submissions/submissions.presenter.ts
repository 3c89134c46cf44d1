import type { ImportOrigin, Provenance } from '../../../shared/api/imports.js';
import type { Draft } from '../../../shared/api/submissions.js';
import { readDraftData, storedLinks } from '../../db/json-columns.js';
import { publicFileUrl } from '../../storage/file-url.js';
import type { DraftWithLogo } from './submissions.repo.js';

/** What an import keeps in a draft's JSON beside its fields (never written by PUT /api/drafts/{id}). */
export interface DraftImportData {
  version?: string | null;
  provenance?: Provenance;
  importedFrom?: ImportOrigin;
}

export function presentDraft(row: DraftWithLogo): Draft {
  const data = readDraftData(row.data);
  return {
    id: row.id,
    name: data.name ?? null,
    tagline: data.tagline ?? null,
    description: data.description ?? null,
    category: data.category ?? null,
    tags: data.tags ?? [],
    ...storedLinks(data),
    pricing: data.pricing ?? null,
    // The column, not the JSON: it turns null by itself when the file is deleted.
    logoFileId: row.logo_file_id,
    logoUrl: row.logo_storage_key ? publicFileUrl(row.logo_storage_key) : null,
    githubRepo: data.githubRepo ?? null,
    license: data.license ?? null,
    githubStars: data.githubStars ?? null,
    version: data.version ?? null,
    provenance: data.provenance ?? {},
    importedFrom: data.importedFrom ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
