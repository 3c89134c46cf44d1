import { pricingModels } from '../../../shared/catalogue.js';
import type { Draft, DraftFields } from '../../../shared/api/submissions.js';
import { parseJsonObject } from '../../db/json-columns.js';
import { publicFileUrl } from '../../storage/file-url.js';
import type { DraftWithLogo } from './submissions.repo.js';

/** The stored JSON of a draft; anything malformed reads as empty rather than failing the page. */
export function parseDraftData(json: string): DraftFields {
  return parseJsonObject<DraftFields>(json);
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
