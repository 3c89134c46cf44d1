import type { AgentFieldsDeps } from '../submissions/agent-fields.js';
import type {
  AgentStatusResponse,
  EditableAgent,
  OwnerAgentCount,
  OwnerAgentList,
  UpdateAgentResponse,
} from '../../../shared/api/owner-agents.js';
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { authorizeAgent, type Actor, type AgentAction } from '../../policies/index.js';
import { readRevisionData } from '../../db/json-columns.js';
import { nowIso } from '../../lib/time.js';
import type { NotificationsDeps } from '../notifications/notifications.service.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import type { FilesRepo } from '../storage/files.repo.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import { checkAgentFields } from '../submissions/agent-fields.js';
import { retryOnUniqueViolation } from '../submissions/retry-on-unique-violation.js';
import type { SubmissionsRepo } from '../submissions/submissions.repo.js';
import {
  checkedListingValues,
  listingColumns,
  noticeAdmins,
  publishNotices,
} from '../submissions/submissions.service.js';
import { publicDisplayName } from '../users/public-name.js';
import type { UsersRepo } from '../users/users.repo.js';
import {
  keptLogoUrl,
  presentListingFields,
  presentOwnerAgent,
  presentRevisionFields,
} from './owner-agents.presenter.js';
import type { OwnerAgentRow, OwnerAgentsRepo } from './owner-agents.repo.js';

/** An owner's listings: reading them, and editing them with the checks a submission gets. */
export interface OwnerAgentsDeps {
  db: Db;
  ownerAgents: OwnerAgentsRepo;
  submissions: SubmissionsRepo;
  categories: CategoriesRepo;
  files: FilesRepo;
  users: UsersRepo;
  agentEvents: AgentEventsRepo;
  notifications: NotificationsDeps;
  outbound: AgentFieldsDeps['outbound'];
}

/** The agent, when `user` may do `action` with it (the agent policy); 404 otherwise. */
async function findAgentFor(
  deps: OwnerAgentsDeps,
  options: { user: Actor; action: AgentAction; agentId: number },
  trx?: Executor,
): Promise<OwnerAgentRow> {
  return authorizeAgent(options.user, options.action, await deps.ownerAgents.findById(options.agentId, trx));
}

export async function listOwnerAgents(deps: OwnerAgentsDeps, userId: number): Promise<OwnerAgentList> {
  return { agents: (await deps.ownerAgents.findAllOfOwner(userId)).map(presentOwnerAgent) };
}

export async function countOwnerAgents(deps: OwnerAgentsDeps, userId: number): Promise<OwnerAgentCount> {
  const count = await deps.ownerAgents.countOfOwner(userId);
  return { count, hasAgents: count > 0 };
}

export async function getEditableAgent(
  deps: OwnerAgentsDeps,
  user: Actor,
  agentId: number,
): Promise<EditableAgent> {
  const agent = await findAgentFor(deps, { user, action: 'edit', agentId });
  const revision = await deps.ownerAgents.findPendingRevision(agentId);
  if (!revision)
    return { agent: presentOwnerAgent(agent), fields: presentListingFields(agent), pendingRevision: null };
  const data = readRevisionData(revision.data);
  const categories = await deps.submissions.findCategoriesBySlug(data.category ? [data.category] : []);
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
  deps: OwnerAgentsDeps,
  user: UserRow,
  agentId: number,
  raw: unknown,
): Promise<UpdateAgentResponse> {
  // The same repository submitted elsewhere at the same moment: the loser's checks answer 409.
  const { response, notices } = await retryOnUniqueViolation(() =>
    deps.db.kysely.transaction().execute(async (trx) => {
      const agent = await findAgentFor(deps, { user, action: 'edit', agentId }, trx);
      const checked = await checkAgentFields(deps, { raw, userId: user.id, excludeAgentId: agentId }, trx);
      const now = nowIso();
      if (agent.status === 'published') {
        await deps.ownerAgents.replacePendingRevision(
          {
            agent_id: agentId,
            author_id: user.id,
            data: JSON.stringify(checked.fields),
            logo_file_id: checked.logo?.id ?? null,
            created_at: now,
          },
          trx,
        );
        await deps.agentEvents.record(
          { agentId, kind: 'revision_submitted', actor: 'owner', actorId: user.id },
          trx,
        );
        const notices = await noticeAdmins(
          deps,
          `${publicDisplayName(user)} proposed changes to “${agent.name}”.`,
          trx,
        );
        return { response: { agentId, status: agent.status, outcome: 'revision' as const }, notices };
      }
      const columns = listingColumns(
        checkedListingValues(checked, keptLogoUrl(checked.logo?.url ?? null, agent)),
        checked.category.id,
      );
      if (agent.status === 'pending') {
        await deps.ownerAgents.updateListing(agentId, { ...columns, updated_at: now }, trx);
        await deps.agentEvents.record({ agentId, kind: 'updated', actor: 'owner', actorId: user.id }, trx);
        return {
          response: { agentId, status: 'pending' as const, outcome: 'updated' as const },
          notices: [],
        };
      }
      await deps.ownerAgents.updateListing(
        agentId,
        { ...columns, status: 'pending', rejection_reason: null, submitted_at: now, updated_at: now },
        trx,
      );
      await deps.agentEvents.record({ agentId, kind: 'resubmitted', actor: 'owner', actorId: user.id }, trx);
      const notices = await noticeAdmins(
        deps,
        `${publicDisplayName(user)} resubmitted “${checked.fields.name}” for review.`,
        trx,
      );
      return { response: { agentId, status: 'pending' as const, outcome: 'resubmitted' as const }, notices };
    }),
  );
  publishNotices(deps, notices);
  return response;
}

/** The status page: the owner or an admin sees it (the policy's `view-status`). */
export async function getAgentStatus(
  deps: OwnerAgentsDeps,
  user: UserRow,
  agentId: number,
): Promise<AgentStatusResponse> {
  const agent = await findAgentFor(deps, { user, action: 'view-status', agentId });
  const [revision, events] = await Promise.all([
    deps.ownerAgents.findPendingRevision(agentId),
    deps.agentEvents.listForAgent(agentId),
  ]);
  return {
    agent: presentOwnerAgent(agent),
    pendingRevision: revision ? { id: revision.id, createdAt: revision.created_at } : null,
    events,
  };
}
