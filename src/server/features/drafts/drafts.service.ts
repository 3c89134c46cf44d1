import type { Draft, DraftFields, DraftList, SubmitDraftResponse } from '../../../shared/api/submissions.js';
import { DRAFTS_MAX_PER_USER } from '../../../shared/limits.js';
import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import { reputationScore } from '../reviews/reputation.js';
import { publicDisplayName } from '../users/public-name.js';
import { recordAgentEvent } from '../submissions/agent-events.repo.js';
import {
  checkAgentFields,
  findOwnedFile,
  retryOnUniqueViolation,
  LOGO_NOT_FOUND,
  siteMeanSnapshot,
  uniqueAgentSlug,
} from '../submissions/agent-fields.js';
import { insertAgent } from '../submissions/submissions.repo.js';
import {
  checkedListingValues,
  listingColumns,
  noticeAdmins,
  publishNotices,
  type SubmissionsDeps,
} from '../submissions/submissions.service.js';
import { parseDraftData, presentDraft } from './drafts.presenter.js';
import {
  countDrafts,
  deleteDraft as deleteDraftRow,
  findDraft,
  findDrafts,
  insertDraft,
  updateDraft as updateDraftRow,
  type DraftWithLogo,
} from './drafts.repo.js';
import { EMPTY_AGENT_COUNTERS } from '../agents/agent-counters.js';

async function findOwnDraft(executor: Executor, userId: number, id: number): Promise<DraftWithLogo> {
  const draft = await findDraft(executor, id);
  // Someone else's draft answers like a missing one.
  if (!draft || draft.user_id !== userId) throw notFound('Draft not found');
  return draft;
}

/** The stored JSON keeps only the keys that hold a value; null means "cleared". */
function compact(fields: DraftFields): DraftFields {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as DraftFields;
}

async function checkLogo(executor: Executor, userId: number, logoFileId: number | null | undefined) {
  if (logoFileId === null || logoFileId === undefined) return;
  if (!(await findOwnedFile(executor, logoFileId, userId)))
    throw invalid(LOGO_NOT_FOUND, { logoFileId: [LOGO_NOT_FOUND] });
}

export async function listDrafts(deps: SubmissionsDeps, userId: number): Promise<DraftList> {
  return { drafts: (await findDrafts(deps.db.kysely, userId)).map(presentDraft) };
}

export async function getDraft(deps: SubmissionsDeps, userId: number, id: number): Promise<Draft> {
  return presentDraft(await findOwnDraft(deps.db.kysely, userId, id));
}

export async function createDraft(
  deps: SubmissionsDeps,
  userId: number,
  fields: DraftFields,
): Promise<Draft> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    if ((await countDrafts(trx, userId)) >= DRAFTS_MAX_PER_USER)
      throw conflict(
        `You can keep at most ${DRAFTS_MAX_PER_USER} drafts. Submit or delete one before starting another.`,
      );
    await checkLogo(trx, userId, fields.logoFileId);
    const now = nowIso();
    const data = compact(fields);
    const id = await insertDraft(trx, {
      user_id: userId,
      data: JSON.stringify(data),
      logo_file_id: data.logoFileId ?? null,
      created_at: now,
      updated_at: now,
    });
    return presentDraft((await findDraft(trx, id))!);
  });
}

/** Merges the keys given into the draft; a key given as null clears it, a key left out stays. */
export async function updateDraft(
  deps: SubmissionsDeps,
  userId: number,
  id: number,
  changes: DraftFields,
): Promise<Draft> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const draft = await findOwnDraft(trx, userId, id);
    if (changes.logoFileId !== undefined && changes.logoFileId !== draft.logo_file_id)
      await checkLogo(trx, userId, changes.logoFileId);
    const previous = parseDraftData(draft.data);
    // The column is the truth about the logo: it is cleared by itself when the file is deleted.
    const data = compact({ ...previous, logoFileId: draft.logo_file_id, ...changes });
    await updateDraftRow(trx, id, {
      data: JSON.stringify(data),
      logo_file_id: data.logoFileId ?? null,
      updated_at: nowIso(),
    });
    return presentDraft((await findDraft(trx, id))!);
  });
}

export async function deleteDraft(deps: SubmissionsDeps, userId: number, id: number): Promise<void> {
  if (!(await deleteDraftRow(deps.db.kysely, id, userId))) throw notFound('Draft not found');
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
    const draft = await findOwnDraft(trx, user.id, id);
    const data = parseDraftData(draft.data);
    const checked = await checkAgentFields(trx, {
      raw: { ...data, logoFileId: draft.logo_file_id },
      userId: user.id,
    });
    const now = nowIso();
    const priorScore = reputationScore({
      weightedRatingSum: 0,
      weightTotal: 0,
      siteMean: await siteMeanSnapshot(trx),
      verified: false,
    });
    const agentId = await insertAgent(trx, {
      ...listingColumns(checkedListingValues(checked, checked.logo?.url ?? null), checked.category.id),
      slug: await uniqueAgentSlug(trx, checked.fields.name),
      owner_id: user.id,
      status: 'pending',
      verified: 0,
      featured: 0,
      ...EMPTY_AGENT_COUNTERS,
      reputation_score: priorScore,
      github_stars: typeof data.githubStars === 'number' ? data.githubStars : null,
      rejection_reason: null,
      submitted_at: now,
      created_at: now,
      updated_at: now,
      published_at: null,
    });
    await recordAgentEvent(trx, { agentId, kind: 'submitted', actor: 'owner', actorId: user.id });
    await deleteDraftRow(trx, id, user.id);
    const notices = await noticeAdmins(
      deps,
      trx,
      `${publicDisplayName(user)} submitted “${checked.fields.name}” for review.`,
    );
    return { agentId, notices };
  });
  publishNotices(deps, notices);
  return { agentId, status: 'pending' };
}
