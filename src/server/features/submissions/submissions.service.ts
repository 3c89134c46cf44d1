import type { Notification } from '../../../shared/api/notifications.js';
import type {
  AgentListingFields,
  AgentStatusResponse,
  EditableAgent,
  OwnerAgentList,
  UpdateAgentResponse,
} from '../../../shared/api/submissions.js';
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import type { SearchVocabulary } from '../agents/agents.service.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import { publicDisplayName } from '../users/public-name.js';
import { listAgentEvents, recordAgentEvent } from './agent-events.repo.js';
import { checkAgentFields, retryOnUniqueViolation, type CheckedAgentFields } from './agent-fields.js';
import {
  keptLogoUrl,
  parseRevisionData,
  presentListingFields,
  presentOwnerAgent,
  presentRevisionFields,
} from './submissions.presenter.js';
import {
  findAdminIds,
  findAgent,
  findAgentsOfOwner,
  findCategoriesBySlug,
  findPendingRevision,
  replacePendingRevision,
  updateAgent,
  type ListingColumns,
  type OwnerAgentRow,
} from './submissions.repo.js';

/** What drafts, owners' edits and moderation need: the database, notifications and the public caches. */
export interface SubmissionsDeps {
  db: Db;
  notifications: NotificationsDeps;
  /** Cleared on every change of the public catalogue. */
  cache: ResponseCache;
  /** The typo-correction vocabulary, reloaded when a listing becomes public. */
  vocabulary: SearchVocabulary;
}

/** Stored notifications waiting to be pushed once their transaction commits. */
export type PendingNotices = Array<{ userId: number; notification: Notification }>;

export function publishNotices(deps: SubmissionsDeps, notices: PendingNotices): void {
  for (const { userId, notification } of notices) deps.notifications.publish(userId, [notification]);
}

/** Tells every admin that something waits in the moderation queue. */
export async function noticeAdmins(
  deps: SubmissionsDeps,
  executor: Executor,
  message: string,
): Promise<PendingNotices> {
  const notices: PendingNotices = [];
  for (const userId of await findAdminIds(executor)) {
    const notification = await createNotification(deps.notifications, executor, {
      user_id: userId,
      type: 'other',
      title: 'New submission',
      message,
      link: '/admin/dashboard',
    });
    notices.push({ userId, notification });
  }
  return notices;
}

/** What a listing shows, as a submission's checked fields or an approved revision's give it. */
type ListingValues = Pick<
  AgentListingFields,
  | 'name'
  | 'tagline'
  | 'description'
  | 'tags'
  | 'websiteUrl'
  | 'repoUrl'
  | 'docsUrl'
  | 'pricing'
  | 'logoUrl'
  | 'logoFileId'
  | 'githubRepo'
  | 'license'
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

/** Finds an agent the user owns; anyone else's answers 404 so its existence is not revealed. */
async function findOwnedAgent(executor: Executor, userId: number, agentId: number): Promise<OwnerAgentRow> {
  const agent = await findAgent(executor, agentId);
  if (!agent || agent.owner_id !== userId) throw notFound('Agent not found');
  return agent;
}

export async function listOwnerAgents(deps: SubmissionsDeps, userId: number): Promise<OwnerAgentList> {
  return { agents: (await findAgentsOfOwner(deps.db.kysely, userId)).map(presentOwnerAgent) };
}

export async function getEditableAgent(
  deps: SubmissionsDeps,
  userId: number,
  agentId: number,
): Promise<EditableAgent> {
  const agent = await findOwnedAgent(deps.db.kysely, userId, agentId);
  const revision = await findPendingRevision(deps.db.kysely, agentId);
  if (!revision)
    return { agent: presentOwnerAgent(agent), fields: presentListingFields(agent), pendingRevision: null };
  const data = parseRevisionData(revision.data);
  const categories = await findCategoriesBySlug(deps.db.kysely, data.category ? [data.category] : []);
  return {
    agent: presentOwnerAgent(agent),
    fields: presentRevisionFields(revision, agent, categories),
    pendingRevision: { id: revision.id, createdAt: revision.created_at },
  };
}

/**
 * An owner's edit. A published listing stays live and the change waits for review as a revision; a
 * pending one is changed in place; a rejected one is changed and goes back to the queue.
 */
export async function updateOwnerAgent(
  deps: SubmissionsDeps,
  user: UserRow,
  agentId: number,
  raw: unknown,
): Promise<UpdateAgentResponse> {
  // The same repository submitted elsewhere at the same moment: the loser's checks answer 409.
  const { response, notices } = await retryOnUniqueViolation(() =>
    deps.db.kysely.transaction().execute(async (trx) => {
      const agent = await findOwnedAgent(trx, user.id, agentId);
      const checked = await checkAgentFields(trx, { raw, userId: user.id, excludeAgentId: agentId });
      const now = nowIso();
      if (agent.status === 'published') {
        await replacePendingRevision(trx, {
          agent_id: agentId,
          author_id: user.id,
          data: JSON.stringify(checked.fields),
          logo_file_id: checked.logo?.id ?? null,
          created_at: now,
        });
        await recordAgentEvent(trx, {
          agentId,
          kind: 'revision_submitted',
          actor: 'owner',
          actorId: user.id,
        });
        const notices = await noticeAdmins(
          deps,
          trx,
          `${publicDisplayName(user)} proposed changes to “${agent.name}”.`,
        );
        return { response: { agentId, status: agent.status, outcome: 'revision' as const }, notices };
      }
      const columns = listingColumns(
        checkedListingValues(checked, keptLogoUrl(checked.logo?.url ?? null, agent)),
        checked.category.id,
      );
      if (agent.status === 'pending') {
        await updateAgent(trx, agentId, { ...columns, updated_at: now });
        await recordAgentEvent(trx, { agentId, kind: 'updated', actor: 'owner', actorId: user.id });
        return {
          response: { agentId, status: 'pending' as const, outcome: 'updated' as const },
          notices: [],
        };
      }
      await updateAgent(trx, agentId, {
        ...columns,
        status: 'pending',
        rejection_reason: null,
        submitted_at: now,
        updated_at: now,
      });
      await recordAgentEvent(trx, { agentId, kind: 'resubmitted', actor: 'owner', actorId: user.id });
      const notices = await noticeAdmins(
        deps,
        trx,
        `${publicDisplayName(user)} resubmitted “${checked.fields.name}” for review.`,
      );
      return { response: { agentId, status: 'pending' as const, outcome: 'resubmitted' as const }, notices };
    }),
  );
  publishNotices(deps, notices);
  return response;
}

/** The status page: the owner or an admin sees it; to anyone else the agent does not exist. */
export async function getAgentStatus(
  deps: SubmissionsDeps,
  user: UserRow,
  agentId: number,
): Promise<AgentStatusResponse> {
  const agent = await findAgent(deps.db.kysely, agentId);
  if (!agent || (agent.owner_id !== user.id && user.role !== 'admin')) throw notFound('Agent not found');
  const [revision, events] = await Promise.all([
    findPendingRevision(deps.db.kysely, agentId),
    listAgentEvents(deps.db.kysely, agentId),
  ]);
  return {
    agent: presentOwnerAgent(agent),
    pendingRevision: revision ? { id: revision.id, createdAt: revision.created_at } : null,
    events,
  };
}
