import type { OwnerAgent } from '../../../shared/api/owner-agents.js';
import type { AgentListingFields } from '../../../shared/api/submissions.js';
import { publicFileUrl, UPLOADS_URL_PREFIX } from '../../storage/file-url.js';
import { readRevisionData, readTags, storedLinks } from '../../db/json-columns.js';
import type { OwnerAgentRow, PendingRevisionRow } from './owner-agents.repo.js';
import { presentScores } from '../agents/agents.presenter.js';

export function presentOwnerAgent(row: OwnerAgentRow): OwnerAgent {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    logoUrl: row.logo_url,
    category: { slug: row.category_slug, name: row.category_name },
    status: row.status,
    verified: row.verified === 1,
    ...presentScores(row),
    favoritesCount: row.favorites_count,
    viewsCount: row.views_count,
    rejectionReason: row.status === 'rejected' ? row.rejection_reason : null,
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    hasPendingRevision: Boolean(Number(row.has_pending_revision)),
    openReports: Number(row.open_reports ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

/** The live listing's fields. */
export function presentListingFields(row: OwnerAgentRow): AgentListingFields {
  return {
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    category: { slug: row.category_slug, name: row.category_name },
    tags: readTags(row.tags),
    websiteUrl: row.website_url,
    repoUrl: row.repo_url,
    docsUrl: row.docs_url,
    mcpUrl: row.mcp_url,
    agentCardUrl: row.agent_card_url,
    pricing: row.pricing,
    logoFileId: row.logo_file_id,
    logoUrl: row.logo_url,
    githubRepo: row.github_repo,
    license: row.license,
  };
}

/**
 * The fields a pending revision proposes. A revision without a logo of its own keeps the live logo
 * when that logo is not an uploaded file (listings imported with an external logo address).
 */
export function presentRevisionFields(
  revision: PendingRevisionRow,
  live: OwnerAgentRow,
  categories: Map<string, { slug: string; name: string }>,
): AgentListingFields {
  const data = readRevisionData(revision.data);
  const slug = data.category ?? live.category_slug;
  const category = categories.get(slug) ?? { slug, name: slug };
  return {
    name: data.name ?? live.name,
    tagline: data.tagline ?? live.tagline,
    description: data.description ?? live.description,
    category: { slug: category.slug, name: category.name },
    tags: data.tags ?? [],
    ...storedLinks(data),
    pricing: data.pricing ?? live.pricing,
    logoFileId: revision.logo_file_id,
    logoUrl: revisionLogoUrl(revision, live),
    githubRepo: data.githubRepo ?? null,
    license: data.license ?? null,
  };
}

export function revisionLogoUrl(
  revision: Pick<PendingRevisionRow, 'logo_file_id' | 'logo_storage_key'>,
  live: Pick<OwnerAgentRow, 'logo_file_id' | 'logo_url'>,
): string | null {
  if (revision.logo_storage_key) return publicFileUrl(revision.logo_storage_key);
  return keptLogoUrl(null, live);
}

/**
 * The logo a listing keeps when an edit names no uploaded logo: an external logo address stays (the
 * form cannot express it), an uploaded one is removed because the owner cleared it.
 */
export function keptLogoUrl(
  newLogoUrl: string | null,
  live: Pick<OwnerAgentRow, 'logo_file_id' | 'logo_url'>,
): string | null {
  if (newLogoUrl) return newLogoUrl;
  const external = live.logo_url !== null && !live.logo_url.startsWith(UPLOADS_URL_PREFIX);
  return live.logo_file_id === null && external ? live.logo_url : null;
}
