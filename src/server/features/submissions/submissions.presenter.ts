import { pricingModels } from '../../../shared/catalogue.js';
import {
  importOriginSchema,
  provenanceSchema,
  type ImportOrigin,
  type Provenance,
} from '../../../shared/api/imports.js';
import type { Draft, DraftFields } from '../../../shared/api/submissions.js';
import { parseJsonObject } from '../../db/json-columns.js';
import { publicFileUrl } from '../../storage/file-url.js';
import type { DraftWithLogo } from './submissions.repo.js';

/** The stored JSON of a draft; anything malformed reads as empty rather than failing the page. */
export function parseDraftData(json: string): StoredDraftData {
  return parseJsonObject<StoredDraftData>(json);
}

/** What an import keeps in a draft's JSON beside its fields (never written by PUT /api/drafts/{id}). */
export interface DraftImportData {
  version?: string | null;
  provenance?: Provenance;
  importedFrom?: ImportOrigin;
}

export type StoredDraftData = DraftFields & DraftImportData;

export function draftProvenance(data: DraftImportData): Provenance {
  const parsed = provenanceSchema.safeParse(data.provenance);
  return parsed.success ? parsed.data : {};
}

export function draftImportOrigin(data: DraftImportData): ImportOrigin | null {
  const parsed = importOriginSchema.safeParse(data.importedFrom);
  return parsed.success ? parsed.data : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function presentDraft(row: DraftWithLogo): Draft {
  const data = parseDraftData(row.data);
  const pricing = pricingModels.find((model) => model === data.pricing) ?? null;
  return {
    id: row.id,
    name: text(data.name),
    tagline: text(data.tagline),
    description: text(data.description),
    category: text(data.category),
    tags: Array.isArray(data.tags) ? data.tags.filter((tag) => typeof tag === 'string') : [],
    websiteUrl: text(data.websiteUrl),
    repoUrl: text(data.repoUrl),
    docsUrl: text(data.docsUrl),
    mcpUrl: text(data.mcpUrl),
    agentCardUrl: text(data.agentCardUrl),
    pricing,
    // The column, not the JSON: it turns null by itself when the file is deleted.
    logoFileId: row.logo_file_id,
    logoUrl: row.logo_storage_key ? publicFileUrl(row.logo_storage_key) : null,
    githubRepo: text(data.githubRepo),
    license: text(data.license),
    githubStars: typeof data.githubStars === 'number' ? data.githubStars : null,
    version: text(data.version),
    provenance: draftProvenance(data),
    importedFrom: draftImportOrigin(data),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
