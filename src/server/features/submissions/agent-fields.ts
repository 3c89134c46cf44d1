import type { ZodError } from 'zod';
import type { ErrorDetails } from '../../../shared/api/errors.js';
import { agentFieldsSchema, type AgentFields } from '../../../shared/api/submissions.js';
import type { Executor } from '../../db/database.js';
import type { CategoryRow } from '../../db/schema.js';
import type { AppError } from '../../errors.js';
import { conflict, invalid } from '../../errors.js';
import { publicFileUrl } from '../../storage/file-url.js';
import { DEFAULT_SITE_MEAN } from '../reviews/reputation.js';

/** The one message of a refused submission or edit; the details say which fields and why. */
export const FIX_FIELDS_MESSAGE = 'Please fix the highlighted fields.';

const GITHUB_REPO_URL =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/i;

/** Field name → messages, keyed by the top-level field so the form can show them inline. */
export function fieldErrors(error: ZodError): ErrorDetails {
  const details: ErrorDetails = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'request';
    const messages = (details[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return details;
}

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
  executor: Executor,
  fileId: number,
  userId: number,
): Promise<OwnedFile | null> {
  const file = await executor
    .selectFrom('files')
    .select(['id', 'storage_key'])
    .where('id', '=', fileId)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return file ? { id: file.id, url: publicFileUrl(file.storage_key) } : null;
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
  executor: Executor,
  options: { raw: unknown; userId: number; excludeAgentId?: number },
): Promise<CheckedAgentFields> {
  const parsed = agentFieldsSchema.safeParse(options.raw);
  const details: ErrorDetails = parsed.success ? {} : fieldErrors(parsed.error);
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
  let category: CategoryRow | undefined;
  if (typeof categorySlug === 'string' && !details.category) {
    category = await executor
      .selectFrom('categories')
      .selectAll()
      .where('slug', '=', categorySlug.trim())
      .executeTakeFirst();
    if (!category) details.category = ['Choose a category'];
  }

  const rawLogo = Number.isInteger(raw.logoFileId) && !details.logoFileId ? (raw.logoFileId as number) : null;
  const logoFileId = parsed.success ? parsed.data.logoFileId : rawLogo;
  let logo: OwnedFile | null = null;
  if (logoFileId !== null) {
    logo = await findOwnedFile(executor, logoFileId, options.userId);
    if (!logo) details.logoFileId = [LOGO_NOT_FOUND];
  }

  if (!parsed.success || Object.keys(details).length > 0 || !category)
    throw invalid(FIX_FIELDS_MESSAGE, details);

  const fields: AgentFields = { ...parsed.data, githubRepo: githubRepoKey(parsed.data) };
  if (fields.githubRepo) {
    let duplicate = executor
      .selectFrom('agents')
      .select(['id', 'name'])
      .where('github_repo', '=', fields.githubRepo)
      .where('status', '!=', 'rejected');
    if (options.excludeAgentId !== undefined) duplicate = duplicate.where('id', '!=', options.excludeAgentId);
    const existing = await duplicate.executeTakeFirst();
    if (existing) throw repositoryListed(existing.name);
  }
  return { fields, category, logo };
}

export function repositoryListed(name: string): AppError {
  return conflict(`This repository is already listed as “${name}”.`);
}

const SLUG_MAX = 80;

/** "My Agent 2.0!" → "my-agent-2-0"; accents dropped, anything else becomes a dash. */
export function slugify(name: string, fallback = 'agent'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Runs a write that a concurrent one can beat to a unique index (an agent's slug, a repository's one
 * live listing). The loser runs again, and its own checks then see the winner and answer as they
 * should: another slug, or 409 naming the listing that has the repository.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

/** A slug no other agent has: the name's, or the name's with -2, -3… */
export async function uniqueAgentSlug(executor: Executor, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await executor
        .selectFrom('agents')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Tags are stored as a JSON array of strings; anything else reads as no tags. */
export function parseJsonTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The prior reputation score an agent without reviews gets: the site mean (reviews/reputation.ts). */
export async function siteMeanSnapshot(executor: Executor): Promise<number> {
  const stats = await executor
    .selectFrom('site_stats')
    .select('mean_snapshot')
    .where('id', '=', 1)
    .executeTakeFirst();
  return stats?.mean_snapshot ?? DEFAULT_SITE_MEAN;
}
