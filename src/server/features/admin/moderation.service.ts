import type { AdminStats, AdminSubmission, AdminSubmissionList } from '../../../shared/api/admin.js';
import type { AgentListingFields } from '../../../shared/api/submissions.js';
import type { ImportsRepo } from '../imports/imports.repo.js';
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { readRevisionData } from '../../db/json-columns.js';
import { conflict, notFound } from '../../errors.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso, utcDay } from '../../lib/time.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import { presentListingFields, presentRevisionFields } from '../owner-agents/owner-agents.presenter.js';
import type { OwnerAgentRow, OwnerAgentsRepo } from '../owner-agents/owner-agents.repo.js';
import type { ReputationRepo } from '../reviews/reputation.repo.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import { repositoryListed } from '../submissions/agent-fields.js';
import { retryOnUniqueViolation } from '../submissions/retry-on-unique-violation.js';
import type { SubmissionsRepo } from '../submissions/submissions.repo.js';
import { listingColumns, publishNotices, type PendingNotices } from '../submissions/submissions.service.js';
import { publicDisplayName } from '../users/public-name.js';
import type { ModerationRepo, OwnerRow } from './moderation.repo.js';
import { raiseWebhookEvent, type WebhookEventsDeps } from '../webhooks/webhooks.service.js';
import { paths } from '../../../shared/routes.js';

/** The moderators' side: the queue and its decisions, which change the public catalogue. */
export interface ModerationDeps {
  db: Db;
  moderation: ModerationRepo;
  ownerAgents: OwnerAgentsRepo;
  submissions: SubmissionsRepo;
  categories: CategoriesRepo;
  reputation: ReputationRepo;
  agentEvents: AgentEventsRepo;
  notifications: NotificationsDeps;
  /** Cleared on every change of the public catalogue. */
  cache: ResponseCache;
  webhookEvents: WebhookEventsDeps;
  /** An approved edit from the registry sync moves the listing's imported version. */
  imports: ImportsRepo;
}

const NOTHING_WAITING = 'Nothing from this agent is waiting for review. It may have been decided already.';
const DAY_MS = 24 * 60 * 60 * 1000;
const STATS_DAYS = 30;

/** The fields compared in the side-by-side view; the logo is compared by its address. */
const COMPARED_FIELDS = [
  'name',
  'tagline',
  'description',
  'category',
  'tags',
  'websiteUrl',
  'repoUrl',
  'docsUrl',
  'mcpUrl',
  'agentCardUrl',
  'pricing',
  'logoUrl',
  'githubRepo',
  'license',
] as const satisfies ReadonlyArray<keyof AgentListingFields>;

function changedFields(current: AgentListingFields | null, proposed: AgentListingFields): string[] {
  if (!current) return [...COMPARED_FIELDS];
  return COMPARED_FIELDS.filter(
    (field) => JSON.stringify(current[field]) !== JSON.stringify(proposed[field]),
  );
}

function presentOwner(owner: OwnerRow | undefined): AdminSubmission['owner'] {
  if (!owner) return { id: 0, displayName: 'AgentAtlas', email: '', githubLogin: null };
  return {
    id: owner.id,
    displayName: publicDisplayName(owner),
    email: owner.email,
    githubLogin: owner.github_login,
  };
}

function agentRef(agent: OwnerAgentRow): AdminSubmission['agent'] {
  return {
    id: agent.id,
    slug: agent.slug,
    name: agent.name,
    status: agent.status,
    verified: agent.verified === 1,
  };
}

/** New submissions and edits of live listings waiting for a decision, oldest first. */
export async function listSubmissions(deps: ModerationDeps): Promise<AdminSubmissionList> {
  const [pendingAgents, revisions] = await Promise.all([
    deps.moderation.findPendingAgents(),
    deps.moderation.findPendingRevisions(),
  ]);
  const revisedAgents = new Map(
    (await deps.moderation.findAgentsByIds([...new Set(revisions.map((revision) => revision.agent_id))])).map(
      (agent) => [agent.id, agent],
    ),
  );
  const categories = await deps.submissions.findCategoriesBySlug(
    revisions.flatMap((revision) => {
      const slug = readRevisionData(revision.data).category;
      return typeof slug === 'string' ? [slug] : [];
    }),
  );
  const ownerIds = [
    ...pendingAgents.map((agent) => agent.owner_id),
    ...[...revisedAgents.values()].map((agent) => agent.owner_id),
  ].filter((id): id is number => id !== null);
  const owners = await deps.moderation.findOwners(ownerIds);

  const entries: AdminSubmission[] = pendingAgents.map((agent) => {
    const proposed = presentListingFields(agent);
    return {
      kind: 'new',
      agentId: agent.id,
      revisionId: null,
      agent: agentRef(agent),
      owner: presentOwner(agent.owner_id === null ? undefined : owners.get(agent.owner_id)),
      submittedAt: agent.submitted_at ?? agent.created_at,
      current: null,
      proposed,
      changedFields: changedFields(null, proposed),
      githubStars: agent.github_stars,
    };
  });
  for (const revision of revisions) {
    const agent = revisedAgents.get(revision.agent_id);
    if (!agent) continue;
    const current = presentListingFields(agent);
    const proposed = presentRevisionFields(revision, agent, categories);
    entries.push({
      kind: 'revision',
      agentId: agent.id,
      revisionId: revision.id,
      agent: agentRef(agent),
      owner: presentOwner(agent.owner_id === null ? undefined : owners.get(agent.owner_id)),
      submittedAt: revision.created_at,
      current,
      proposed,
      changedFields: changedFields(current, proposed),
      githubStars: agent.github_stars,
    });
  }
  entries.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.agentId - b.agentId);
  return { submissions: entries };
}

async function noticeOwner(
  deps: ModerationDeps,
  agent: OwnerAgentRow,
  notice: { title: string; message: string; link: string },
  trx: Executor,
): Promise<PendingNotices> {
  if (agent.owner_id === null) return [];
  const notification = await createNotification(deps.notifications, trx, {
    user_id: agent.owner_id,
    type: 'system',
    ...notice,
  });
  return [{ userId: agent.owner_id, notification }];
}

/** The waiting item of an agent: the agent itself when pending, else its pending revision. */
async function findWaiting(deps: ModerationDeps, agentId: number, trx: Executor) {
  const agent = await deps.ownerAgents.findById(agentId, trx);
  if (!agent) throw notFound('Agent not found');
  if (agent.status === 'pending') return { agent, revision: null };
  const revision =
    agent.status === 'published' ? await deps.ownerAgents.findPendingRevision(agentId, trx) : null;
  if (!revision) throw conflict(NOTHING_WAITING);
  return { agent, revision };
}

/**
 * Approves what waits for an agent: a new submission goes live, or a revision's fields replace the
 * live ones. A second decision finds nothing pending (the conditional update) and answers 409.
 */
export async function approveSubmission(deps: ModerationDeps, admin: UserRow, agentId: number) {
  // A revision naming a repository that was just listed elsewhere: the retry's check answers 409.
  const { kind, notices } = await retryOnUniqueViolation(() =>
    deps.db.kysely.transaction().execute(async (trx) => {
      const { agent, revision } = await findWaiting(deps, agentId, trx);
      const now = nowIso();
      if (!revision) {
        if (!(await deps.moderation.decideNewAgent(agentId, { status: 'published', at: now }, trx)))
          throw conflict(NOTHING_WAITING);
        await deps.categories.adjustAgentCount(agent.category_id, 1, trx);
        await deps.agentEvents.record({ agentId, kind: 'approved', actor: 'admin', actorId: admin.id }, trx);
        await raiseWebhookEvent(deps.webhookEvents, trx, {
          type: 'agent.status_changed',
          agent,
          data: { from: 'pending', to: 'published' },
        });
        const notices = await noticeOwner(
          deps,
          agent,
          {
            title: 'Your agent is live',
            message: `“${agent.name}” was approved and is now listed on AgentAtlas.`,
            link: paths.agent.href(agent.slug),
          },
          trx,
        );
        return { kind: 'new' as const, notices };
      }

      if (
        !(await deps.moderation.decideRevision(
          revision.id,
          { status: 'approved', reason: null, decidedBy: admin.id, at: now },
          trx,
        ))
      )
        throw conflict(NOTHING_WAITING);
      const data = readRevisionData(revision.data);
      const slug = data.category ?? agent.category_slug;
      const category = (await deps.submissions.findCategoriesBySlug([slug], trx)).get(slug);
      if (!category)
        throw conflict(
          'The category this change proposes no longer exists. Reject it so the owner can choose another.',
        );
      const githubRepo = typeof data.githubRepo === 'string' ? data.githubRepo : null;
      if (githubRepo) {
        const other = await deps.submissions.findListingWithRepo(githubRepo, agentId, trx);
        if (other) throw repositoryListed(other.name);
      }
      const fields = presentRevisionFields(revision, agent, new Map([[slug, category]]));
      await deps.ownerAgents.updateListing(
        agentId,
        { ...listingColumns(fields, category.id), updated_at: now },
        trx,
      );
      if (category.id !== agent.category_id) {
        await deps.categories.adjustAgentCount(agent.category_id, -1, trx);
        await deps.categories.adjustAgentCount(category.id, 1, trx);
      }
      await deps.agentEvents.record(
        { agentId, kind: 'revision_approved', actor: 'admin', actorId: admin.id },
        trx,
      );
      if (typeof data.registryVersion === 'string')
        await deps.imports.setVersion(agentId, data.registryVersion, trx);
      // The badge vouches for control of one repository: naming another one takes it away.
      const losesBadge = agent.verified === 1 && githubRepo !== agent.github_repo;
      if (losesBadge) {
        await deps.reputation.setVerified(agentId, false, now, trx);
        await deps.agentEvents.record(
          {
            agentId,
            kind: 'unverified',
            actor: 'system',
            actorId: null,
            message: 'The listing now names another repository, so it needs to be verified again.',
          },
          trx,
        );
      }
      const notices = await noticeOwner(
        deps,
        agent,
        {
          title: 'Your changes are live',
          message:
            `Your changes to “${fields.name}” were approved and are now shown on its page.` +
            (losesBadge
              ? ' It names another repository now, so the verified badge was removed until it is verified again.'
              : ''),
          link: paths.agent.href(agent.slug),
        },
        trx,
      );
      return { kind: 'revision' as const, notices };
    }),
  );
  // The catalogue changed: the agent's page, listings and category counts must see it at once (the
  // search index reads the change from the database by itself).
  deps.cache.invalidate([cacheTags.agent(agentId), cacheTags.listings, cacheTags.categories]);
  publishNotices(deps, notices);
  return { agentId, status: 'published' as const, kind };
}

/** Rejects what waits for an agent, with the reason the owner reads; a live listing stays as it is. */
export async function rejectSubmission(
  deps: ModerationDeps,
  admin: UserRow,
  agentId: number,
  reason: string,
) {
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const { agent, revision } = await findWaiting(deps, agentId, trx);
    const now = nowIso();
    const decided = revision
      ? await deps.moderation.decideRevision(
          revision.id,
          { status: 'rejected', reason, decidedBy: admin.id, at: now },
          trx,
        )
      : await deps.moderation.decideNewAgent(agentId, { status: 'rejected', reason, at: now }, trx);
    if (!decided) throw conflict(NOTHING_WAITING);
    if (!revision)
      await raiseWebhookEvent(deps.webhookEvents, trx, {
        type: 'agent.status_changed',
        agent,
        data: { from: 'pending', to: 'rejected', reason },
      });
    await deps.agentEvents.record(
      {
        agentId,
        kind: revision ? 'revision_rejected' : 'rejected',
        actor: 'admin',
        actorId: admin.id,
        message: reason,
      },
      trx,
    );
    const notices = await noticeOwner(
      deps,
      agent,
      revision
        ? {
            title: 'Your changes were not approved',
            message: `Your changes to “${agent.name}” were not approved; the listing stays as it was. Reason: ${reason}`,
            link: paths.agentStatus.href(agentId),
          }
        : {
            title: 'Your submission was not approved',
            message: `“${agent.name}” was not approved. Reason: ${reason}`,
            link: paths.agentStatus.href(agentId),
          },
      trx,
    );
    // A rejected revision leaves the live listing (and its status) as it was.
    return revision
      ? { kind: 'revision' as const, status: agent.status, notices }
      : { kind: 'new' as const, status: 'rejected' as const, notices };
  });
  publishNotices(deps, result.notices);
  return { agentId, status: result.status, kind: result.kind };
}

/** Totals now and per UTC day over the last 30 days (today included), oldest first. */
export async function getStats(deps: ModerationDeps, now: number = Date.now()): Promise<AdminStats> {
  const days = Array.from({ length: STATS_DAYS }, (_, index) =>
    utcDay(now - (STATS_DAYS - 1 - index) * DAY_MS),
  );
  const since = `${days[0]}T00:00:00.000Z`;
  const figures = await deps.moderation.statsFigures(since);
  return {
    users: { total: figures.usersTotal, last30Days: figures.usersRecent },
    agents: {
      pending: figures.pending,
      published: figures.published,
      rejected: figures.rejected,
      verified: figures.verified,
      pendingRevisions: figures.pendingRevisions,
      submittedLast30Days: figures.submittedRecent,
    },
    reviews: { total: figures.reviewsTotal, last30Days: figures.reviewsRecent },
    reports: {
      open: figures.reportsOpen,
      last30Days: figures.reportsRecent,
      resolvedLast30Days: figures.reportsResolvedRecent,
    },
    daily: days.map((day) => ({
      day,
      users: figures.usersDaily.get(day) ?? 0,
      agents: figures.agentsDaily.get(day) ?? 0,
      reviews: figures.reviewsDaily.get(day) ?? 0,
      reports: figures.reportsDaily.get(day) ?? 0,
    })),
  };
}
