import type { ErrorDetails } from '../../../shared/api/errors.js';
import { agentFieldsSchema, type AgentFields } from '../../../shared/api/submissions.js';
import type { Executor } from '../../db/database.js';
import type { CategoryRow } from '../../db/schema.js';
import type { AppError } from '../../errors.js';
import { conflict, invalid } from '../../errors.js';
import { validationDetails } from '../../http/validation-details.js';
import { publicFileUrl } from '../../storage/file-url.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import type { FilesRepo } from '../storage/files.repo.js';
import type { SubmissionsRepo } from './submissions.repo.js';
import { endpointAddressProblem, type OutboundPolicy } from '../../lib/outbound-fetch.js';

/** What checking an owner's fields reads: categories, listings and the uploaded files. */
export interface AgentFieldsDeps {
  submissions: SubmissionsRepo;
  categories: CategoriesRepo;
  files: FilesRepo;
  /** Which endpoint addresses can be probed. */
  outbound: Pick<OutboundPolicy, 'allowPrivate' | 'demoEndpoint'>;
}

const ENDPOINT_LABELS = { mcpUrl: 'MCP server URL', agentCardUrl: 'A2A agent card URL' } as const;

/** The one message of a refused submission or edit; the details say which fields and why. */
export const FIX_FIELDS_MESSAGE = 'Please fix the highlighted fields.';

const GITHUB_REPO_URL =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/i;

/** The owner/name key duplicates are refused by: given, or read from a github.com repository URL. */
export function githubRepoKey(fields: Pick<AgentFields, 'githubRepo' | 'repoUrl'>): string | null {
  if (fields.githubRepo) return fields.githubRepo.toLowerCase();
  const match = fields.repoUrl ? GITHUB_REPO_URL.exec(fields.repoUrl) : null;
  return match?.[1] ? match[1].toLowerCase() : null;
}

export interface OwnedFile {
  id: number;
  url: string;
}

/** A file the user uploaded, or null when it does not exist or belongs to someone else. */
export async function findOwnedFile(
  deps: Pick<AgentFieldsDeps, 'files'>,
  options: { fileId: number; userId: number },
  trx?: Executor,
): Promise<OwnedFile | null> {
  const file = await deps.files.findOwned(options.fileId, options.userId, trx);
  return file ? { id: file.id, url: publicFileUrl(file.storage_key) } : null;
}

/**
 * The listing's fields of a stored draft: the schema is strict (an unknown field is refused), and a
 * draft also holds what only the draft shows (GitHub's star count).
 */
export function listingFieldsOf(draft: object): Record<string, unknown> {
  const keys = Object.keys(agentFieldsSchema.shape);
  return Object.fromEntries(Object.entries(draft).filter(([key]) => keys.includes(key)));
}

/** The same words as agentFieldsSchema's own rule. */
const WEBSITE_OR_REPO = 'Add a website or a repository URL so people can find your agent';

export const LOGO_NOT_FOUND = 'The logo must be an image you uploaded';

export interface CheckedAgentFields {
  fields: AgentFields;
  category: CategoryRow;
  logo: OwnedFile | null;
}

/**
 * Full validation of what an owner submits or edits: the schema, the category, the logo's owner and
 * the repository not being listed already (by anything but `excludeAgentId` or a rejected listing).
 * Throws 400 with per-field details, or 409 naming the listing that has the repository.
 */
export async function checkAgentFields(
  deps: AgentFieldsDeps,
  options: { raw: unknown; userId: number; excludeAgentId?: number },
  trx?: Executor,
): Promise<CheckedAgentFields> {
  const parsed = agentFieldsSchema.safeParse(options.raw);
  const details: ErrorDetails = parsed.success ? {} : validationDetails(parsed.error.issues);
  const raw = (typeof options.raw === 'object' && options.raw !== null ? options.raw : {}) as Record<
    string,
    unknown
  >;

  // zod skips the object's own rule while a field fails; say it anyway so every problem shows at once.
  const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
  if (
    !parsed.success &&
    !details.websiteUrl &&
    !details.repoUrl &&
    blank(raw.websiteUrl) &&
    blank(raw.repoUrl)
  )
    details.websiteUrl = [WEBSITE_OR_REPO];

  const categorySlug = parsed.success ? parsed.data.category : raw.category;
  let category: CategoryRow | null = null;
  if (typeof categorySlug === 'string' && !details.category) {
    category = await deps.categories.findBySlug(categorySlug.trim(), trx);
    if (!category) details.category = ['Choose a category'];
  }

  const rawLogo = Number.isInteger(raw.logoFileId) && !details.logoFileId ? (raw.logoFileId as number) : null;
  const logoFileId = parsed.success ? parsed.data.logoFileId : rawLogo;
  let logo: OwnedFile | null = null;
  if (logoFileId !== null) {
    logo = await findOwnedFile(deps, { fileId: logoFileId, userId: options.userId }, trx);
    if (!logo) details.logoFileId = [LOGO_NOT_FOUND];
  }

  if (parsed.success) {
    for (const field of ['mcpUrl', 'agentCardUrl'] as const) {
      const value = parsed.data[field];
      const problem = value ? endpointAddressProblem(value, deps.outbound) : null;
      if (problem) details[field] = [`${ENDPOINT_LABELS[field]} ${problem}`];
    }
  }

  if (!parsed.success || Object.keys(details).length > 0 || !category)
    throw invalid(FIX_FIELDS_MESSAGE, details);

  const fields: AgentFields = { ...parsed.data, githubRepo: githubRepoKey(parsed.data) };
  if (fields.githubRepo) {
    const existing = await deps.submissions.findListingWithRepo(
      fields.githubRepo,
      options.excludeAgentId ?? null,
      trx,
    );
    if (existing) throw repositoryListed(existing.name);
  }
  return { fields, category, logo };
}

export function repositoryListed(name: string): AppError {
  return conflict(`This repository is already listed as “${name}”.`);
}
