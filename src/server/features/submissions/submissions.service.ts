import { authorizeOwned, type Actor } from '../../policies/index.js';
import type { AgentFieldsDeps } from './agent-fields.js';
import type { Notification } from '../../../shared/api/notifications.js';
import type {
  AgentDescriptionField,
  AgentListingFields,
  Draft,
  DraftFields,
  DraftList,
  SubmitDraftResponse,
} from '../../../shared/api/submissions.js';
import { DRAFTS_MAX_PER_USER } from '../../../shared/limits.js';
import type { Db, Executor } from '../../db/database.js';
import { readDraftData } from '../../db/json-columns.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import { EMPTY_AGENT_COUNTERS } from '../agents/agent-counters.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { ReputationRepo } from '../reviews/reputation.repo.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import type { FilesRepo } from '../storage/files.repo.js';
import { publicDisplayName } from '../users/public-name.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import {
  checkAgentFields,
  findOwnedFile,
  listingFieldsOf,
  LOGO_NOT_FOUND,
  type CheckedAgentFields,
} from './agent-fields.js';
import { uniqueAgentSlug } from './agent-slug.js';
import { retryOnUniqueViolation } from './retry-on-unique-violation.js';
import { presentDraft, type DraftImportData } from './submissions.presenter.js';
import type { ImportsRepo } from '../imports/imports.repo.js';
import type { DraftWithLogo, ListingColumns, SubmissionsRepo } from './submissions.repo.js';
import { paths } from '../../../shared/routes.js';

/** Drafts and submitting them: the database, the repos they read and write, and notifications. */
export interface SubmissionsDeps {
  db: Db;
  submissions: SubmissionsRepo;
  categories: CategoriesRepo;
  files: FilesRepo;
  users: UsersRepo;
  reputation: ReputationRepo;
  agentEvents: AgentEventsRepo;
  notifications: NotificationsDeps;
  outbound: AgentFieldsDeps['outbound'];
  /** What listings were imported from (an imported draft's origin is kept with its listing). */
  imports: ImportsRepo;
}

/** Stored notifications waiting to be pushed once their transaction commits. */
export type PendingNotices = Array<{ userId: number; notification: Notification }>;

export function publishNotices(deps: { notifications: NotificationsDeps }, notices: PendingNotices): void {
  for (const { userId, notification } of notices) deps.notifications.publish(userId, [notification]);
}

/** Tells every admin that something waits in the moderation queue. */
export async function noticeAdmins(
  deps: { users: UsersRepo; notifications: NotificationsDeps },
  message: string,
  trx: Executor,
): Promise<PendingNotices> {
  const notices: PendingNotices = [];
  for (const userId of await deps.users.findAdminIds(trx)) {
    const notification = await createNotification(deps.notifications, trx, {
      user_id: userId,
      type: 'other',
      title: 'New submission',
      message,
      link: paths.adminDashboard.href(),
    });
    notices.push({ userId, notification });
  }
  return notices;
}

/** What a listing shows, as a submission's checked fields or an approved revision's give it. */
type ListingValues = Pick<
  AgentListingFields,
  AgentDescriptionField | 'pricing' | 'logoUrl' | 'logoFileId' | 'githubRepo' | 'license'
>;

/** The agent's columns for a listing's values in a category. */
export function listingColumns(values: ListingValues, categoryId: number): ListingColumns {
  return {
    name: values.name,
    tagline: values.tagline,
    description: values.description,
    category_id: categoryId,
    tags: JSON.stringify(values.tags),
    website_url: values.websiteUrl,
    repo_url: values.repoUrl,
    docs_url: values.docsUrl,
    mcp_url: values.mcpUrl,
    agent_card_url: values.agentCardUrl,
    pricing: values.pricing,
    logo_url: values.logoUrl,
    logo_file_id: values.logoFileId,
    github_repo: values.githubRepo,
    license: values.license,
  };
}

/** A checked submission's values with the logo it ends up with. */
export function checkedListingValues(checked: CheckedAgentFields, logoUrl: string | null): ListingValues {
  return { ...checked.fields, logoUrl, logoFileId: checked.logo?.id ?? null };
}

async function findOwnDraft(
  deps: SubmissionsDeps,
  options: { user: Actor; id: number },
  trx?: Executor,
): Promise<DraftWithLogo> {
  const draft = await deps.submissions.findDraft(options.id, trx);
  return authorizeOwned(options.user, 'draft', draft, (row) => row.user_id, 'Draft not found');
}

/** The stored JSON keeps only the keys that hold a value; null means "cleared". */
function compact<T extends object>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as T;
}

async function checkLogo(
  deps: SubmissionsDeps,
  options: { userId: number; logoFileId: number | null | undefined },
  trx: Executor,
) {
  const { logoFileId } = options;
  if (logoFileId === null || logoFileId === undefined) return;
  if (!(await findOwnedFile(deps, { fileId: logoFileId, userId: options.userId }, trx)))
    throw invalid(LOGO_NOT_FOUND, { logoFileId: [LOGO_NOT_FOUND] });
}

export async function listDrafts(deps: SubmissionsDeps, userId: number): Promise<DraftList> {
  return { drafts: (await deps.submissions.findDraftsOfUser(userId)).map(presentDraft) };
}

export async function getDraft(deps: SubmissionsDeps, user: Actor, id: number): Promise<Draft> {
  return presentDraft(await findOwnDraft(deps, { user, id }));
}

/**
 * Starts a draft; an import passes what it read besides the fields (version, provenance, origin),
 * which only the server writes.
 */
export async function createDraft(
  deps: SubmissionsDeps,
  userId: number,
  fields: DraftFields,
  imported: DraftImportData = {},
): Promise<Draft> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    if ((await deps.submissions.countDraftsOfUser(userId, trx)) >= DRAFTS_MAX_PER_USER)
      throw conflict(
        `You can keep at most ${DRAFTS_MAX_PER_USER} drafts. Submit or delete one before starting another.`,
      );
    await checkLogo(deps, { userId, logoFileId: fields.logoFileId }, trx);
    const now = nowIso();
    const data = compact({ ...fields, ...imported });
    const id = await deps.submissions.insertDraft(
      {
        user_id: userId,
        data: JSON.stringify(data),
        logo_file_id: data.logoFileId ?? null,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
    return presentDraft((await deps.submissions.findDraft(id, trx))!);
  });
}

/** Merges the keys given into the draft; a key given as null clears it, a key left out stays. */
export async function updateDraft(
  deps: SubmissionsDeps,
  user: Actor,
  id: number,
  changes: DraftFields,
): Promise<Draft> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const draft = await findOwnDraft(deps, { user, id }, trx);
    if (changes.logoFileId !== undefined && changes.logoFileId !== draft.logo_file_id)
      await checkLogo(deps, { userId: user.id, logoFileId: changes.logoFileId }, trx);
    // The column is the truth about the logo: it is cleared by itself when the file is deleted.
    const previous = { ...readDraftData(draft.data), logoFileId: draft.logo_file_id };
    // A field the owner changed no longer comes from where it was imported from.
    const provenance = Object.fromEntries(
      Object.entries(previous.provenance ?? {}).filter(([field]) => {
        const key = field as keyof DraftFields;
        return !(key in changes) || JSON.stringify(changes[key]) === JSON.stringify(previous[key]);
      }),
    );
    const data = compact({ ...previous, ...changes, provenance });
    await deps.submissions.updateDraft(
      id,
      { data: JSON.stringify(data), logo_file_id: data.logoFileId ?? null, updated_at: nowIso() },
      trx,
    );
    return presentDraft((await deps.submissions.findDraft(id, trx))!);
  });
}

export async function deleteDraft(deps: SubmissionsDeps, userId: number, id: number): Promise<void> {
  if (!(await deps.submissions.deleteDraft(id, userId))) throw notFound('Draft not found');
}

/**
 * Turns a draft into a pending listing: full validation (400 with per-field details), a repository
 * listed already (409), a unique slug; the agent, its first event and the draft's removal commit
 * together, and the admins hear about it afterwards.
 */
export async function submitDraft(
  deps: SubmissionsDeps,
  user: UserRow,
  id: number,
): Promise<SubmitDraftResponse> {
  // Two submissions of the same name or repository at once: the loser tries again.
  return retryOnUniqueViolation(() => submitDraftOnce(deps, user, id));
}

async function submitDraftOnce(
  deps: SubmissionsDeps,
  user: UserRow,
  id: number,
): Promise<SubmitDraftResponse> {
  const { agentId, notices } = await deps.db.kysely.transaction().execute(async (trx) => {
    const draft = await findOwnDraft(deps, { user, id }, trx);
    const data = readDraftData(draft.data);
    const checked = await checkAgentFields(
      deps,
      { raw: { ...listingFieldsOf(data), logoFileId: draft.logo_file_id }, userId: user.id },
      trx,
    );
    const now = nowIso();
    const agentId = await deps.submissions.insertAgent(
      {
        ...listingColumns(checkedListingValues(checked, checked.logo?.url ?? null), checked.category.id),
        slug: await uniqueAgentSlug(deps, checked.fields.name, trx),
        owner_id: user.id,
        status: 'pending',
        verified: 0,
        featured: 0,
        ...EMPTY_AGENT_COUNTERS,
        // Set just below by the reputation repo: without reviews, the score is the site mean's prior.
        reputation_score: 0,
        github_stars: data.githubStars ?? null,
        rejection_reason: null,
        submitted_at: now,
        created_at: now,
        updated_at: now,
        published_at: null,
      },
      trx,
    );
    await deps.reputation.refreshAgentScore(agentId, trx);
    await deps.agentEvents.record({ agentId, kind: 'submitted', actor: 'owner', actorId: user.id }, trx);
    const origin = data.importedFrom ?? null;
    if (origin) {
      const listed = origin.registryName
        ? await deps.imports.findListingWithRegistryName(origin.registryName, trx)
        : null;
      if (listed) throw conflict(`“${listed.name}” is already listed from ${origin.registryName}.`);
      await deps.imports.insertAgentSource(agentId, origin, trx);
    }
    await deps.submissions.deleteDraft(id, user.id, trx);
    const notices = await noticeAdmins(
      deps,
      `${publicDisplayName(user)} submitted “${checked.fields.name}” for review.`,
      trx,
    );
    return { agentId, notices };
  });
  publishNotices(deps, notices);
  return { agentId, status: 'pending' };
}
