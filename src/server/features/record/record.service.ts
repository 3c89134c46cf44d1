import type {
  AgentRecord,
  Appeal,
  AppealList,
  CreateAppealInput,
  RecordEntry,
} from '../../../shared/api/record.js';
import { reportReasonLabels } from '../../../shared/api/reports.js';
import type { Notification } from '../../../shared/api/notifications.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, invalid, notFound } from '../../errors.js';
import {
  authorizeAgent,
  findAuthorizedAgent,
  type AgentAccess,
  type AgentAccessDeps,
} from '../../policies/index.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import type { ClaimAgentsRepo } from '../claims/claim-agents.repo.js';
import type { ClaimsRepo } from '../claims/claims.repo.js';
import { reinstateClaim, type ClaimsDeps } from '../claims/claims.service.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import type { AppealListRow, RecordRepo } from './record.repo.js';
import { raiseWebhookEvent, type WebhookEventsDeps } from '../webhooks/webhooks.service.js';
import type { AppealStatus, RecordKind } from '../../../shared/trust.js';
import { paths } from '../../../shared/routes.js';

export interface RecordDeps extends AgentAccessDeps {
  db: Db;
  record: RecordRepo;
  agents: ClaimAgentsRepo;
  claims: ClaimsRepo;
  agentEvents: AgentEventsRepo;
  notifications: NotificationsDeps;
  cache: ResponseCache;
  /** For an upheld appeal of a lapse, which reinstates the claim and may restore the badge. */
  claimsDeps: ClaimsDeps;
  webhookEvents: WebhookEventsDeps;
}

type PublicEvent = Awaited<ReturnType<RecordRepo['publicEvents']>>[number];

const DEFAULT_SUMMARIES: Partial<Record<PublicEvent['kind'], string>> = {
  revision_approved: 'An edit of the listing was approved by an administrator.',
  verified: 'An administrator granted the verified badge.',
  unverified: 'An administrator withdrew the verified badge.',
};

function entryOf(event: PublicEvent, published: boolean): { kind: RecordKind; summary: string } {
  const message = event.message;
  switch (event.kind) {
    case 'approved':
      return {
        kind: 'published',
        summary: published ? 'Published again after review.' : 'Approved by an administrator and published.',
      };
    case 'revision_approved':
      return { kind: 'edit_approved', summary: message ?? DEFAULT_SUMMARIES.revision_approved! };
    case 'rejected':
      return { kind: 'rejected', summary: `Rejected by an administrator: ${message ?? 'no reason given'}` };
    case 'revision_rejected':
      return { kind: 'edit_rejected', summary: `An edit was rejected: ${message ?? 'no reason given'}` };
    case 'verified':
      return { kind: 'verified', summary: message ? `Verified. ${message}` : DEFAULT_SUMMARIES.verified! };
    case 'unverified':
      return { kind: 'verification_withdrawn', summary: message ?? DEFAULT_SUMMARIES.unverified! };
    default:
      return { kind: event.kind, summary: message ?? '' };
  }
}

/**
 * Whether the owner may still appeal this decision: the listing's latest rejection while it stays
 * rejected, or a claim's lapse while the claim stays lapsed; once each.
 */
async function isAppealable(
  deps: RecordDeps,
  agent: AgentAccess & { id: number },
  event: { id: number; kind: string },
  appealed: Set<number>,
): Promise<boolean> {
  if (appealed.has(event.id)) return false;
  if (event.kind === 'rejected')
    return (
      agent.status === 'rejected' && (await deps.record.latestEventId(agent.id, 'rejected')) === event.id
    );
  if (event.kind === 'claim_lapsed')
    return (await deps.claims.findByLapseEvent(event.id))?.status === 'lapsed';
  return false;
}

/** GET /api/agents/{idOrSlug}/record: newest first. The owner also learns what can be appealed. */
export async function agentRecord(
  deps: RecordDeps,
  idOrSlug: string,
  viewer: UserRow | null,
): Promise<AgentRecord> {
  const agent = await findAuthorizedAgent(deps, viewer, 'view-record', idOrSlug);
  const [events, reports] = await Promise.all([
    deps.record.publicEvents(agent.id),
    deps.record.upheldReports(agent.id),
  ]);
  const isOwner = viewer !== null && viewer.id === agent.owner_id;
  const appealed = isOwner ? await deps.record.appealedEventIds(agent.id) : new Set<number>();

  const entries: (RecordEntry & { order: number })[] = [];
  let published = false;
  for (const event of events) {
    const { kind, summary } = entryOf(event, published);
    if (event.kind === 'approved') published = true;
    const appealable = isOwner && (await isAppealable(deps, agent, event, appealed));
    entries.push({
      id: `event-${event.id}`,
      kind,
      at: event.created_at,
      summary,
      order: event.id,
      ...(appealable ? { appealEventId: event.id } : {}),
    });
  }
  for (const report of reports)
    entries.push({
      id: `report-${report.id}`,
      kind: 'report_upheld',
      at: report.resolved_at!,
      summary: `${report.review_id === null ? 'A report about the listing' : 'A report about one of its reviews'} was upheld: ${
        reportReasonLabels[report.reason as keyof typeof reportReasonLabels] ?? report.reason
      }.`,
      order: 0,
    });
  entries.sort((a, b) => b.at.localeCompare(a.at) || b.order - a.order);
  return { entries: entries.map(({ order: _order, ...entry }) => entry) };
}

function presentAppeal(row: AppealListRow): Appeal {
  return {
    id: row.id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    agentSlug: row.agent_slug,
    appealed: row.event_kind === 'rejected' ? 'rejection' : 'lapse',
    decision: row.event_message,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
  };
}

/** POST /api/agents/{id}/appeals: the owner appeals a rejection or a lapse, once, with a message. */
export async function createAppeal(
  deps: RecordDeps,
  user: UserRow,
  agentId: number,
  input: Required<CreateAppealInput>,
): Promise<Appeal> {
  const agent = authorizeAgent(user, 'appeal', await deps.agents.find(agentId));
  const event = await deps.record.findEvent(input.eventId);
  if (!event || event.agent_id !== agent.id) {
    const message = 'eventId must name a rejection or a lapse of this listing';
    throw invalid(message, { eventId: [message] });
  }
  const appealed = await deps.record.appealedEventIds(agent.id);
  if (appealed.has(event.id)) throw conflict('You have already appealed this decision.');
  if (!(await isAppealable(deps, agent, event, appealed)))
    throw conflict('Only a standing rejection or a lapsed claim can be appealed.');

  const id = await deps.db.kysely
    .transaction()
    .execute(async (trx) => {
      const appealId = await deps.record.insertAppeal(
        {
          agentId: agent.id,
          userId: user.id,
          eventId: event.id,
          message: input.message,
          createdAt: nowIso(),
        },
        trx,
      );
      await deps.agentEvents.record(
        {
          agentId: agent.id,
          kind: 'appealed',
          actor: 'owner',
          actorId: user.id,
          message:
            event.kind === 'rejected'
              ? 'The owner appealed the rejection; an administrator will decide.'
              : 'The owner appealed the lapse of an ownership claim; an administrator will decide.',
        },
        trx,
      );
      return appealId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict('You have already appealed this decision.');
      throw error;
    });
  const [row] = await deps.record.listAppeals({ id });
  return presentAppeal(row!);
}

/** GET /api/admin/appeals?status= */
export async function listAppeals(deps: RecordDeps, status: AppealStatus): Promise<AppealList> {
  return { appeals: (await deps.record.listAppeals({ status })).map(presentAppeal) };
}

/**
 * An admin decides an appeal. Upholding a rejection puts the listing back in the review queue;
 * upholding a lapse makes the claim active again (and the badge, when the lapse took it).
 */
export async function decideAppeal(
  deps: RecordDeps,
  admin: UserRow,
  appealId: number,
  decision: { outcome: 'upheld' | 'denied'; note: string | null },
): Promise<Appeal> {
  const [appeal] = await deps.record.listAppeals({ id: appealId });
  if (!appeal) throw notFound('Appeal not found');
  let catalogueChanged = false;
  const notices = await deps.db.kysely.transaction().execute(async (trx) => {
    const at = nowIso();
    if (
      !(await deps.record.decideAppeal(
        appeal.id,
        { status: decision.outcome, by: admin.id, at, note: decision.note },
        trx,
      ))
    )
      throw conflict('This appeal was decided already.');
    const what = appeal.event_kind === 'rejected' ? 'the rejection' : 'the lapse of an ownership claim';
    let effect = '';
    if (decision.outcome === 'upheld' && appeal.event_kind === 'rejected') {
      if (await deps.record.reopenRejected(appeal.agent_id, at, trx)) {
        effect = ' The listing is back in review.';
        await raiseWebhookEvent(deps.webhookEvents, trx, {
          type: 'agent.status_changed',
          agent: {
            id: appeal.agent_id,
            slug: appeal.agent_slug,
            name: appeal.agent_name,
            owner_id: appeal.owner_id,
          },
          data: {
            from: 'rejected',
            to: 'pending',
            reason: 'An administrator upheld the appeal of the rejection.',
          },
        });
      }
    } else if (decision.outcome === 'upheld') {
      const claim = await deps.claims.findByLapseEvent(appeal.event_id, trx);
      if (claim?.status === 'lapsed') {
        catalogueChanged = await reinstateClaim(deps.claimsDeps, claim, admin, trx);
        effect = ' The claim is active again.';
      }
    }
    const note = decision.note ? ` ${decision.note}` : '';
    await deps.agentEvents.record(
      {
        agentId: appeal.agent_id,
        kind: decision.outcome === 'upheld' ? 'appeal_upheld' : 'appeal_denied',
        actor: 'admin',
        actorId: admin.id,
        message: `An administrator ${decision.outcome === 'upheld' ? 'upheld' : 'denied'} the appeal of ${what}.${effect}${note}`,
      },
      trx,
    );
    if (appeal.owner_id === null) return [] as { userId: number; notification: Notification }[];
    return [
      {
        userId: appeal.owner_id,
        notification: await createNotification(deps.notifications, trx, {
          user_id: appeal.owner_id,
          type: 'system',
          title: `Your appeal for ${appeal.agent_name} was ${decision.outcome === 'upheld' ? 'upheld' : 'denied'}`,
          message: `An administrator ${decision.outcome === 'upheld' ? 'upheld' : 'denied'} your appeal of ${what}.${effect}${note}`,
          link:
            appeal.event_kind === 'rejected'
              ? paths.agentStatus.href(appeal.agent_id)
              : paths.agent.href(appeal.agent_slug, { section: 'record' }),
        }),
      },
    ];
  });
  if (catalogueChanged) deps.cache.invalidate([cacheTags.agent(appeal.agent_id), cacheTags.listings]);
  for (const { userId, notification } of notices) deps.notifications.publish(userId, [notification]);
  const [row] = await deps.record.listAppeals({ id: appeal.id });
  return presentAppeal(row!);
}
