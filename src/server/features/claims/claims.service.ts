import { randomBytes } from 'node:crypto';
import type {
  Claim,
  ClaimsResponse,
  CreateClaimInput,
  VerificationEvidence,
} from '../../../shared/api/claims.js';
import type { Notification } from '../../../shared/api/notifications.js';
import type { Db, Executor } from '../../db/database.js';
import type { ClaimRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, invalid, notFound } from '../../errors.js';
import {
  authorizeAgent,
  findAuthorizedAgent,
  type AgentAccessDeps,
  type AgentAction,
} from '../../policies/index.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { ReputationRepo } from '../reviews/reputation.repo.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import { describeClaim, findClaimEvidence, type ClaimCheckDeps } from './claim-checks.js';
import type { ClaimAgentsRepo } from './claim-agents.repo.js';
import type { ClaimsRepo } from './claims.repo.js';
import { raiseWebhookEvent, type WebhookEventsDeps } from '../webhooks/webhooks.service.js';
import { CLAIM_FAILURES_BEFORE_LAPSE, CLAIM_RECHECK_MS, claimInstructions } from '../../../shared/trust.js';
import { paths } from '../../../shared/routes.js';

export interface ClaimsDeps extends ClaimCheckDeps, AgentAccessDeps {
  db: Db;
  claims: ClaimsRepo;
  agents: ClaimAgentsRepo;
  reputation: ReputationRepo;
  agentEvents: AgentEventsRepo;
  notifications: NotificationsDeps;
  cache: ResponseCache;
  webhookEvents: WebhookEventsDeps;
}

type ClaimAgent = NonNullable<Awaited<ReturnType<ClaimAgentsRepo['find']>>>;

/** How long a claim being re-checked stays with the instance checking it; longer than any check. */
export const CLAIM_LEASE_MS = 120_000;
/** A daily check that could not be made is tried again this much later. */
export const CLAIM_UNCHECKED_RETRY_MS = 60 * 60 * 1000;

function presentClaim(row: ClaimRow, forOwner: boolean): Claim {
  return {
    id: row.id,
    method: row.method,
    subject: row.subject,
    status: row.status,
    verifiedAt: row.verified_at,
    checkedAt: row.checked_at,
    nextCheckAt: row.next_check_at,
    createdAt: row.created_at,
    detail: row.detail,
    uncheckedSince: row.unchecked_since,
    ...(forOwner
      ? { token: row.token, instructions: claimInstructions(row.method, row.subject, row.token) }
      : {}),
  };
}

/** The agent, when `user` may do `action` with it (the agent policy); 404 otherwise. */
async function authorizedAgent(deps: ClaimsDeps, user: UserRow, action: AgentAction, agentId: number) {
  return authorizeAgent(user, action, await deps.agents.find(agentId));
}

/** GET /api/agents/{idOrSlug}/claims: every claim; the tokens only for the owner. */
export async function listClaims(
  deps: ClaimsDeps,
  idOrSlug: string,
  viewer: UserRow | null,
): Promise<ClaimsResponse> {
  const agent = await findAuthorizedAgent(deps, viewer, 'view-record', idOrSlug);
  const rows = await deps.claims.listForAgent(agent.id);
  const forOwner = viewer?.id === agent.owner_id;
  return { claims: rows.map((row) => presentClaim(row, forOwner)) };
}

/** POST /api/agents/{id}/claims: a pending claim with the token the owner publishes. */
export async function createClaim(
  deps: ClaimsDeps,
  user: UserRow,
  agentId: number,
  input: Required<CreateClaimInput>,
): Promise<Claim> {
  const agent = await authorizedAgent(deps, user, 'claim', agentId);
  if (agent.status === 'rejected') throw conflict('A rejected listing cannot be claimed.');
  if (input.method === 'well-known' && input.subject.includes(':') && !deps.allowPrivate) {
    const message = 'subject must be a domain name, like agent.example.com';
    throw invalid(message, { subject: [message] });
  }
  if (await deps.claims.findSame(agent.id, input.method, input.subject))
    throw conflict('You already made this claim; check it or remove it.');
  try {
    const row = await deps.claims.insert({
      agentId: agent.id,
      method: input.method,
      subject: input.subject,
      token: randomBytes(16).toString('hex'),
      createdAt: nowIso(),
    });
    return presentClaim(row, true);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You already made this claim; check it or remove it.');
    throw error;
  }
}

interface Outcome {
  notices: { userId: number; notification: Notification }[];
  catalogueChanged: boolean;
}

/**
 * The owner's verified badge follows the claims: with no active claim left, it is withdrawn, the
 * record says why and the owner hears of it. Runs inside the transaction that ended the last claim.
 */
async function withdrawBadgeWithoutClaims(
  deps: ClaimsDeps,
  agent: ClaimAgent,
  why: string,
  trx: Executor,
  outcome: Outcome,
): Promise<void> {
  const current = await deps.agents.find(agent.id, trx);
  if (!current || current.verified !== 1) return;
  if ((await deps.claims.countActive(agent.id, trx)) > 0) return;
  await deps.reputation.setVerified(agent.id, false, nowIso(), trx);
  await deps.agentEvents.record(
    { agentId: agent.id, kind: 'verification_lapsed', actor: 'system', actorId: null, message: why },
    trx,
  );
  outcome.catalogueChanged = true;
  await noticeOwner(deps, agent, trx, outcome, {
    title: `${agent.name} is no longer verified`,
    message: `${why} Add or re-check an ownership claim, then ask for verification again.`,
    link: paths.agent.href(agent.slug, { section: 'claims' }),
  });
}

/** A notification for the listing's owner (if it has one), sent once the transaction commits. */
async function noticeOwner(
  deps: ClaimsDeps,
  agent: { owner_id: number | null },
  trx: Executor,
  outcome: Outcome,
  notice: { title: string; message: string; link: string },
): Promise<void> {
  if (agent.owner_id === null) return;
  outcome.notices.push({
    userId: agent.owner_id,
    notification: await createNotification(deps.notifications, trx, {
      user_id: agent.owner_id,
      type: 'system',
      ...notice,
    }),
  });
}

function finish(deps: ClaimsDeps, agentId: number, outcome: Outcome): void {
  // The badge shows on the agent's page and cards; the verified filter changes listings.
  if (outcome.catalogueChanged) deps.cache.invalidate([cacheTags.agent(agentId), cacheTags.listings]);
  // The agent's trust summary (page and card) names the methods of its active claims.
  else deps.cache.invalidate([cacheTags.agent(agentId), cacheTags.listed(agentId)]);
  for (const { userId, notification } of outcome.notices) deps.notifications.publish(userId, [notification]);
}

/**
 * Whether a failed check at `now` counts towards a lapse: the first after a success does, and then
 * one per CLAIM_RECHECK_MS, the spacing of the daily schedule. However often someone presses
 * "check", a claim lapses no sooner than CLAIM_FAILURES_BEFORE_LAPSE daily checks would lapse it.
 */
export function failureCounts(lastFailureAt: string | null, now: number): boolean {
  return lastFailureAt === null || now - Date.parse(lastFailureAt) >= CLAIM_RECHECK_MS;
}

/**
 * Looks for the claim's evidence and stores what was found. A pending or lapsed claim becomes active
 * when the evidence is there; an active one lapses after CLAIM_FAILURES_BEFORE_LAPSE failed checks
 * that count (failureCounts). A check AgentAtlas could not make (its resolver, network or GitHub
 * failed) changes nothing but the detail, and the public record notes it once per streak.
 * Answers the claim as it is afterwards (null when it went away meanwhile).
 */
async function runCheck(
  deps: ClaimsDeps,
  agent: ClaimAgent,
  claim: ClaimRow,
  now: number = Date.now(),
): Promise<ClaimRow | null> {
  const evidence = await findClaimEvidence(deps, claim, agent.owner_id);
  const checkedAt = new Date(now).toISOString();
  const nextCheckAt = new Date(now + CLAIM_RECHECK_MS).toISOString();
  const outcome: Outcome = { notices: [], catalogueChanged: false };
  const described = describeClaim(claim.method, claim.subject);

  await deps.db.kysely
    .transaction()
    .execute(async (trx) => {
      if (evidence.result === 'found') {
        const recorded = await deps.claims.recordCheck(
          claim.id,
          claim.status,
          {
            status: 'active',
            checkedAt,
            verifiedAt: claim.status === 'active' ? claim.verified_at : checkedAt,
            nextCheckAt,
            consecutiveFailures: 0,
            detail: evidence.detail,
            lastFailureAt: null,
            uncheckedSince: null,
          },
          trx,
        );
        if (recorded && claim.status !== 'active')
          await deps.agentEvents.record(
            {
              agentId: agent.id,
              kind: 'claim_verified',
              actor: 'system',
              actorId: null,
              message: `Ownership shown by ${described}.`,
            },
            trx,
          );
        return;
      }

      if (evidence.result === 'unchecked') {
        const recorded = await deps.claims.recordCheck(
          claim.id,
          claim.status,
          {
            status: claim.status,
            checkedAt,
            verifiedAt: claim.verified_at,
            // The daily check is tried again soon rather than a day later: the outage may be short.
            nextCheckAt:
              claim.status === 'active' ? new Date(now + CLAIM_UNCHECKED_RETRY_MS).toISOString() : null,
            consecutiveFailures: claim.consecutive_failures,
            detail: evidence.detail,
            lastFailureAt: claim.last_failure_at,
            uncheckedSince: claim.unchecked_since ?? checkedAt,
          },
          trx,
        );
        // Once per streak, and only where something is at stake (an active claim and its badge).
        if (recorded && claim.status === 'active' && claim.unchecked_since === null)
          await deps.agentEvents.record(
            {
              agentId: agent.id,
              kind: 'claim_unchecked',
              actor: 'system',
              actorId: null,
              message: `The ownership claim by ${described} could not be checked on AgentAtlas's side: ${evidence.detail} It stays active; a check that cannot be made never counts against it.`,
            },
            trx,
          );
        return;
      }

      const counts = failureCounts(claim.last_failure_at, now);
      const failures = counts ? claim.consecutive_failures + 1 : claim.consecutive_failures;
      const lastFailureAt = counts ? checkedAt : claim.last_failure_at;
      const lapses = claim.status === 'active' && counts && failures >= CLAIM_FAILURES_BEFORE_LAPSE;
      if (!lapses) {
        await deps.claims.recordCheck(
          claim.id,
          claim.status,
          {
            status: claim.status,
            checkedAt,
            verifiedAt: claim.verified_at,
            // Only active claims are checked on a schedule; the owner checks the others. A failure
            // that does not count leaves the schedule as it was, so pressing "check" cannot delay it.
            nextCheckAt: claim.status !== 'active' ? null : counts ? nextCheckAt : claim.next_check_at,
            consecutiveFailures: failures,
            detail: evidence.detail,
            lastFailureAt,
            uncheckedSince: null,
          },
          trx,
        );
        return;
      }
      const why = `The ownership claim by ${described} failed ${failures} checks in a row, a day or more apart, and lapsed.`;
      const lapseEventId = await deps.agentEvents.record(
        { agentId: agent.id, kind: 'claim_lapsed', actor: 'system', actorId: null, message: why },
        trx,
      );
      const recorded = await deps.claims.recordCheck(
        claim.id,
        'active',
        {
          status: 'lapsed',
          checkedAt,
          verifiedAt: claim.verified_at,
          nextCheckAt: null,
          consecutiveFailures: failures,
          detail: evidence.detail,
          lapseEventId,
          lastFailureAt,
          uncheckedSince: null,
        },
        trx,
      );
      // Another instance stored this check first: this one's event goes with the rolled-back write.
      if (!recorded) throw new CheckRaced();
      await raiseWebhookEvent(deps.webhookEvents, trx, {
        type: 'claim.lapsed',
        agent,
        data: {
          claim: { id: claim.id, method: claim.method, subject: claim.subject, detail: evidence.detail },
          message: why,
        },
      });
      await noticeOwner(deps, agent, trx, outcome, {
        title: `An ownership claim on ${agent.name} lapsed`,
        message: `${why} Last check: ${evidence.detail}`,
        link: paths.agent.href(agent.slug, { section: 'claims' }),
      });
      await withdrawBadgeWithoutClaims(
        deps,
        agent,
        `${agent.name} has no active ownership claim since ${described} lapsed.`,
        trx,
        outcome,
      );
    })
    .catch((error: unknown) => {
      if (!(error instanceof CheckRaced)) throw error;
    });
  finish(deps, agent.id, outcome);
  return deps.claims.find(agent.id, claim.id);
}

class CheckRaced extends Error {}

/** POST /api/agents/{id}/claims/{claimId}/check (the owner, or an admin looking at the evidence). */
export async function checkClaimNow(
  deps: ClaimsDeps,
  user: UserRow,
  agentId: number,
  claimId: number,
): Promise<Claim> {
  const agent = await authorizedAgent(deps, user, 'check-claim', agentId);
  const claim = await deps.claims.find(agent.id, claimId);
  if (!claim) throw notFound('Claim not found');
  const checked = await runCheck(deps, agent, claim);
  if (!checked) throw notFound('Claim not found');
  return presentClaim(checked, user.id === agent.owner_id);
}

/** DELETE /api/agents/{id}/claims/{claimId}: the owner withdraws a claim; the badge follows. */
export async function removeClaim(
  deps: ClaimsDeps,
  user: UserRow,
  agentId: number,
  claimId: number,
): Promise<void> {
  const agent = await authorizedAgent(deps, user, 'claim', agentId);
  const claim = await deps.claims.find(agent.id, claimId);
  if (!claim) throw notFound('Claim not found');
  const outcome: Outcome = { notices: [], catalogueChanged: false };
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await deps.claims.remove(agent.id, claimId, trx))) throw notFound('Claim not found');
    if (claim.status === 'active')
      await withdrawBadgeWithoutClaims(
        deps,
        agent,
        `${agent.name} has no active ownership claim since its owner removed ${describeClaim(claim.method, claim.subject)}.`,
        trx,
        outcome,
      );
  });
  finish(deps, agent.id, outcome);
}

/**
 * The daily re-check: leases the active claims due now (one instance each) and checks them.
 * Answers how many it checked.
 */
export async function recheckDueClaims(
  deps: ClaimsDeps,
  now: number = Date.now(),
  batch = 50,
): Promise<number> {
  const due = await deps.claims.leaseDue({
    now: new Date(now).toISOString(),
    leaseUntil: new Date(now + CLAIM_LEASE_MS).toISOString(),
    limit: batch,
  });
  for (const claim of due) {
    const agent = await deps.agents.find(claim.agent_id);
    if (agent) await runCheck(deps, agent, claim, now);
  }
  return due.length;
}

/** The appeal of a lapse, upheld: the claim is active again and, if the lapse took it, so is the badge. */
export async function reinstateClaim(
  deps: ClaimsDeps,
  claim: ClaimRow,
  admin: UserRow,
  trx: Executor,
): Promise<boolean> {
  const now = Date.now();
  await deps.claims.recordCheck(
    claim.id,
    'lapsed',
    {
      status: 'active',
      checkedAt: claim.checked_at ?? new Date(now).toISOString(),
      verifiedAt: claim.verified_at,
      nextCheckAt: new Date(now + CLAIM_RECHECK_MS).toISOString(),
      consecutiveFailures: 0,
      detail: 'Reinstated on appeal by an administrator.',
      lastFailureAt: null,
      uncheckedSince: null,
    },
    trx,
  );
  const agent = await deps.agents.find(claim.agent_id, trx);
  if (!agent || agent.verified === 1) return false;
  const lastBadgeEvent = await deps.agents.lastBadgeEvent(claim.agent_id, trx);
  if (lastBadgeEvent !== 'verification_lapsed') return false;
  await deps.reputation.setVerified(agent.id, true, nowIso(), trx);
  await deps.agentEvents.record(
    {
      agentId: agent.id,
      kind: 'verified',
      actor: 'admin',
      actorId: admin.id,
      message: `Restored on appeal: ${describeClaim(claim.method, claim.subject)} is active again.`,
    },
    trx,
  );
  return true;
}

/** GET /api/admin/agents/{id}/evidence: the listing's claims, as the admin decides on them. */
export async function getVerificationEvidence(
  deps: ClaimsDeps,
  agentId: number,
): Promise<VerificationEvidence> {
  const agent = await deps.agents.find(agentId);
  if (!agent) throw notFound('Agent not found');
  const claims = await deps.claims.listForAgent(agent.id);
  const active = claims.filter((claim) => claim.status === 'active');
  return {
    agentId: agent.id,
    claims: claims.map((claim) => presentClaim(claim, false)),
    canVerify: active.length > 0,
    summary:
      active.length > 0
        ? `Ownership is shown by ${active.map((claim) => describeClaim(claim.method, claim.subject)).join(', ')}.`
        : claims.length > 0
          ? 'No ownership claim is active: the owner has to get one checked first.'
          : 'The owner has made no ownership claim yet.',
    checkedAt: nowIso(),
  };
}

/**
 * Gives or takes away the verified badge. Giving it needs a listing that is not rejected and at
 * least one active ownership claim; taking it away always works.
 */
export async function setAgentVerified(
  deps: ClaimsDeps,
  admin: UserRow,
  options: { agentId: number; verified: boolean },
): Promise<{ agentId: number; verified: boolean }> {
  const outcome: Outcome = { notices: [], catalogueChanged: false };
  await deps.db.kysely.transaction().execute(async (trx) => {
    const current = await deps.agents.find(options.agentId, trx);
    if (!current) throw notFound('Agent not found');
    if (options.verified && current.status === 'rejected')
      throw conflict('A rejected listing cannot be verified.');
    // Already so: nothing to record or tell anyone.
    if ((current.verified === 1) === options.verified) return;
    let evidence: string | null = null;
    if (options.verified) {
      const active = (await deps.claims.listForAgent(current.id, trx)).filter(
        (claim) => claim.status === 'active',
      );
      if (active.length === 0)
        throw conflict('An agent can be verified only while at least one ownership claim is active.');
      evidence = `Ownership shown by ${active.map((claim) => describeClaim(claim.method, claim.subject)).join(', ')}.`;
    }
    await deps.reputation.setVerified(current.id, options.verified, nowIso(), trx);
    await deps.agentEvents.record(
      {
        agentId: current.id,
        kind: options.verified ? 'verified' : 'unverified',
        actor: 'admin',
        actorId: admin.id,
        message: evidence,
      },
      trx,
    );
    outcome.catalogueChanged = true;
    await noticeOwner(deps, current, trx, outcome, {
      title: options.verified ? `${current.name} is verified` : `${current.name} is no longer verified`,
      message: options.verified
        ? `An administrator confirmed your ownership claims on ${current.name}. It now shows the verified badge while a claim stays active.`
        : `An administrator removed the verified badge from ${current.name}.`,
      link: paths.agent.href(current.slug),
    });
  });
  finish(deps, options.agentId, outcome);
  return { agentId: options.agentId, verified: options.verified };
}
