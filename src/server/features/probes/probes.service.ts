import { isIP } from 'node:net';
import {
  cardSignatureSchema,
  type AgentHealth,
  type CardSignature,
  type EndpointHealth,
  type Tool,
} from '../../../shared/api/probes.js';
import type { Db } from '../../db/database.js';
import {
  readConformance,
  readEndpointAuth,
  readProtocols,
  readToolNames,
  readTools,
} from '../../db/json-columns.js';
import type { AgentEndpointRow } from '../../db/schema.js';
import { ResolverUnavailable } from '../../lib/outbound-fetch.js';
import { nowIso, utcDay } from '../../lib/time.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { Notification } from '../../../shared/api/notifications.js';
import type { A2aProbeOutcome } from './a2a-probe.js';
import type { ProbeTarget, RunProbe } from './probe-runner.js';
import type { ProbesRepo } from './probes.repo.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import { raiseWebhookEvent, type WebhookEventsDeps } from '../webhooks/webhooks.service.js';
import {
  FAILURES_BEFORE_NOTICE,
  UPTIME_DAYS,
  endpointKindLabels,
  isAvailable,
} from '../../../shared/trust.js';
import { paths } from '../../../shared/routes.js';
import type { AgentAccessDeps } from '../../policies/index.js';
import { probesTotal } from '../../ops/ops-counters.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { supportedRevisions } from '../../../shared/rules/trust-summary.js';

export interface ProbesDeps extends AgentAccessDeps {
  db: Db;
  probes: ProbesRepo;
  notifications: NotificationsDeps;
  agentEvents: AgentEventsRepo;
  /** Probes one endpoint (probe-runner.ts: on a worker thread in the app). */
  runProbe: RunProbe;
  /** Seconds between two probes of an endpoint, before jitter. */
  intervalS: number;
  webhookEvents: WebhookEventsDeps;
  /** Resolves a host as the probes do (outbound-fetch.ts); throws ResolverUnavailable when our resolver cannot. */
  resolveHost: (hostname: string) => Promise<unknown>;
  /** The agent's page and cards carry its trust summary (up or down, MCP eras): a probe moving it drops them. */
  cache: ResponseCache;
}

/** Whether a probe moves what the agent's trust summary says of this endpoint: answering or not, eras spoken. */
export function movesTrustSummary(endpoint: AgentEndpointRow, outcome: A2aProbeOutcome): boolean {
  const wasAvailable = endpoint.status === 'unknown' ? null : isAvailable(endpoint.status);
  if (wasAvailable !== isAvailable(outcome.status)) return true;
  const before = supportedRevisions(readProtocols(endpoint.protocols)).join(',');
  return before !== supportedRevisions(outcome.protocols ?? []).join(',');
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a claimed endpoint stays with the instance probing it; longer than any probe takes. */
export const PROBE_LEASE_MS = 60_000;
const CHANGES_SHOWN = 20;

/** The next probe: the interval, moved by up to a tenth either way so probes do not bunch up. */
export function nextProbeAt(now: number, intervalS: number, random: () => number = Math.random): string {
  const jitter = (random() * 0.2 - 0.1) * intervalS * 1000;
  return new Date(now + intervalS * 1000 + jitter).toISOString();
}

/** Names gained and lost between two tool lists. */
export function toolChange(before: Tool[], after: Tool[]) {
  const beforeNames = new Set(before.map((tool) => tool.name));
  const afterNames = new Set(after.map((tool) => tool.name));
  return {
    added: [...afterNames].filter((name) => !beforeNames.has(name)).sort(),
    removed: [...beforeNames].filter((name) => !afterNames.has(name)).sort(),
  };
}

/**
 * Why a failed probe says nothing of the endpoint, or null: our resolver could not be asked about
 * its host (timed out, refused, failed), so the probe most likely failed on our side. Asked after
 * the probe, on this thread, because the probe itself runs on a worker and answers only a sentence.
 */
async function ourSideProblem(deps: ProbesDeps, url: string): Promise<string | null> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
  // An address is connected to without a look-up.
  if (isIP(hostname) !== 0) return null;
  try {
    await deps.resolveHost(hostname);
    return null;
  } catch (error) {
    return error instanceof ResolverUnavailable ? error.message : null;
  }
}

/**
 * Stores what a probe found: the state, the result for uptime, a change of tools, and tells the owner
 * when the endpoint has just failed FAILURES_BEFORE_NOTICE times in a row, or has just recovered.
 */
export async function recordOutcome(
  deps: ProbesDeps,
  endpoint: AgentEndpointRow,
  outcome: A2aProbeOutcome,
  at: number = Date.now(),
): Promise<void> {
  if (outcome.status === 'down') {
    const problem = await ourSideProblem(deps, endpoint.url);
    // An outage on our side is no evidence: the round is unknown, with no failure and no uptime sample.
    if (problem !== null) {
      await deps.probes.recordUnprobed({
        endpointId: endpoint.id,
        checkedAt: new Date(at).toISOString(),
        detail: `Not probed this round: ${problem}.`,
        nextProbeAt: nextProbeAt(at, deps.intervalS),
      });
      return;
    }
  }
  const failures = !isAvailable(outcome.status) ? endpoint.consecutive_failures + 1 : 0;
  const previousTools = readTools(endpoint.tools);
  const change =
    outcome.tools !== null && endpoint.checked_at !== null ? toolChange(previousTools, outcome.tools) : null;
  const notifications = await deps.db.kysely.transaction().execute(async (trx) => {
    await deps.probes.recordProbe(
      {
        endpointId: endpoint.id,
        checkedAt: new Date(at).toISOString(),
        status: outcome.status,
        latencyMs: outcome.latencyMs,
        detail: outcome.detail,
        tools: outcome.tools !== null ? JSON.stringify(outcome.tools) : null,
        signed: outcome.signed === undefined || outcome.signed === null ? null : outcome.signed ? 1 : 0,
        protocols: JSON.stringify(outcome.protocols ?? []),
        auth: outcome.auth ? JSON.stringify(outcome.auth) : null,
        signature: outcome.signature ? JSON.stringify(outcome.signature) : null,
        consecutiveFailures: failures,
        nextProbeAt: nextProbeAt(at, deps.intervalS),
        change:
          change && (change.added.length > 0 || change.removed.length > 0)
            ? { added: JSON.stringify(change.added), removed: JSON.stringify(change.removed) }
            : null,
      },
      trx,
    );
    const agent = await deps.probes.findEndpoint(endpoint.id, trx);
    if (!agent) return [];
    const what = `${agent.agent_name}'s ${endpointKindLabels[endpoint.kind]}`;
    const failing = failures === FAILURES_BEFORE_NOTICE;
    const recovered = failures === 0 && endpoint.consecutive_failures >= FAILURES_BEFORE_NOTICE;
    if (!failing && !recovered) return [];
    // An incident is public: the record shows when an endpoint started failing and when it came back.
    await deps.agentEvents.record(
      {
        agentId: endpoint.agent_id,
        kind: failing ? 'incident' : 'recovered',
        actor: 'system',
        actorId: null,
        message: failing
          ? `The ${endpointKindLabels[endpoint.kind]} failed ${FAILURES_BEFORE_NOTICE} probes in a row: ${outcome.detail ?? outcome.status}`
          : `The ${endpointKindLabels[endpoint.kind]} answered again after ${endpoint.consecutive_failures} failed probes.`,
      },
      trx,
    );
    await raiseWebhookEvent(deps.webhookEvents, trx, {
      type: 'agent.health_changed',
      agent: {
        id: endpoint.agent_id,
        slug: agent.agent_slug,
        name: agent.agent_name,
        owner_id: agent.owner_id,
      },
      data: {
        endpoint: { kind: endpoint.kind, url: endpoint.url },
        // "failing" after FAILURES_BEFORE_NOTICE failed probes in a row; "recovered" at the next success.
        health: failing ? 'failing' : 'recovered',
        status: outcome.status,
        failedProbes: failing ? failures : endpoint.consecutive_failures,
        detail: outcome.detail,
      },
    });
    if (agent.owner_id === null) return [];
    const notices: Notification[] = [];
    if (failing)
      notices.push(
        await createNotification(deps.notifications, trx, {
          user_id: agent.owner_id,
          type: 'system',
          title: `${what} is failing`,
          message: `${FAILURES_BEFORE_NOTICE} probes in a row failed: ${outcome.detail ?? outcome.status}. The listing shows it as ${outcome.status === 'down' ? 'down' : 'not conformant'} until it answers again.`,
          link: paths.agent.href(agent.agent_slug, { section: 'health' }),
        }),
      );
    else
      notices.push(
        await createNotification(deps.notifications, trx, {
          user_id: agent.owner_id,
          type: 'system',
          title: `${what} is back`,
          message: `It answered again after ${endpoint.consecutive_failures} failed probes.`,
          link: paths.agent.href(agent.agent_slug, { section: 'health' }),
        }),
      );
    return notices.map((notice) => ({ userId: agent.owner_id!, notice }));
  });
  probesTotal.inc({ outcome: outcome.status });
  if (movesTrustSummary(endpoint, outcome))
    deps.cache.invalidate([cacheTags.agent(endpoint.agent_id), cacheTags.listed(endpoint.agent_id)]);
  for (const { userId, notice } of notifications) deps.notifications.publish(userId, [notice]);
}

/**
 * The card signature as last probed. Rows probed before signatures had to be bound kept only
 * `signed`, checked with whatever key the card named: that proved nothing, so it does not count.
 */
function presentSignature(endpoint: AgentEndpointRow): CardSignature | null {
  if (endpoint.signature !== null) {
    try {
      return cardSignatureSchema.parse(JSON.parse(endpoint.signature));
    } catch {
      return null;
    }
  }
  if (endpoint.signed === null) return null;
  return {
    verified: false,
    keySource: null,
    detail:
      endpoint.signed === 1
        ? 'Not counted: checked only with the key the card named itself, before keys had to be bound to its origin or an ownership claim; the next probe checks it again.'
        : 'The signature did not verify.',
  };
}

/**
 * What the probe of an endpoint is given: for an A2A card, the domains of the listing's active
 * ownership claims, whose keys may sign it (the probe runs on a worker, away from the database).
 */
async function probeTargetOf(deps: ProbesDeps, endpoint: AgentEndpointRow): Promise<ProbeTarget> {
  if (endpoint.kind !== 'a2a') return endpoint;
  return {
    kind: endpoint.kind,
    url: endpoint.url,
    claimDomains: await deps.probes.claimDomains(endpoint.agent_id),
  };
}

/** Probes one leased endpoint and stores what it found. */
export async function probeEndpoint(deps: ProbesDeps, endpoint: AgentEndpointRow): Promise<void> {
  await recordOutcome(deps, endpoint, await deps.runProbe(await probeTargetOf(deps, endpoint)));
}

const share = (available: number, total: number) =>
  total === 0 ? null : Math.round((available / total) * 1000) / 1000;

/** GET /api/agents/{idOrSlug}/health for a published agent: each endpoint with its uptime and tools. */
export async function agentHealth(
  deps: ProbesDeps,
  agentId: number,
  now: number = Date.now(),
): Promise<AgentHealth> {
  const endpoints = await deps.probes.findByAgent(agentId);
  const ids = endpoints.map((endpoint) => endpoint.id);
  const firstDay = utcDay(now - (UPTIME_DAYS - 1) * DAY_MS);
  const [daily, lastDay, changes] = await Promise.all([
    deps.probes.uptimeCounts(ids, firstDay, { byDay: true }),
    deps.probes.uptimeCounts(ids, new Date(now - DAY_MS).toISOString(), { byDay: false }),
    deps.probes.recentChanges(ids, CHANGES_SHOWN * Math.max(1, ids.length)),
  ]);
  const days = Array.from({ length: UPTIME_DAYS }, (_, index) =>
    utcDay(now - (UPTIME_DAYS - 1 - index) * DAY_MS),
  );
  const sevenDaysFrom = days[UPTIME_DAYS - 7]!;

  return {
    endpoints: endpoints.map((endpoint): EndpointHealth => {
      const own = daily.filter((row) => row.endpoint_id === endpoint.id);
      const byDay = new Map(own.map((row) => [row.day, row]));
      const sum = (rows: typeof own) =>
        share(
          rows.reduce((total, row) => total + row.available, 0),
          rows.reduce((total, row) => total + row.total, 0),
        );
      const d1 = lastDay.find((row) => row.endpoint_id === endpoint.id);
      return {
        kind: endpoint.kind,
        url: endpoint.url,
        status: endpoint.status,
        checkedAt: endpoint.checked_at,
        latencyMs: endpoint.latency_ms,
        uptime: {
          d1: d1 ? share(d1.available, d1.total) : null,
          d7: sum(own.filter((row) => row.day >= sevenDaysFrom)),
          d30: sum(own),
        },
        tools: readTools(endpoint.tools),
        changes: changes
          .filter((change) => change.endpoint_id === endpoint.id)
          .slice(0, CHANGES_SHOWN)
          .map((change) => ({
            at: change.changed_at,
            added: readToolNames(change.added),
            removed: readToolNames(change.removed),
          })),
        detail: endpoint.detail,
        days: days.map((day) => {
          const row = byDay.get(day);
          return { day, uptime: row ? share(row.available, row.total) : null };
        }),
        protocols: readProtocols(endpoint.protocols),
        auth: readEndpointAuth(endpoint.auth),
        signature: presentSignature(endpoint),
        conformance: endpoint.kind === 'mcp' ? readConformance(endpoint.conformance) : null,
      };
    }),
  };
}

/** Probes an agent's endpoints now (an owner or admin asked) and answers the fresh health. */
export async function probeAgentNow(
  deps: ProbesDeps,
  agentId: number,
  instanceId: string,
): Promise<AgentHealth> {
  const now = Date.now();
  await deps.probes.syncEndpoints(
    nowIso(() => now),
    { fromId: agentId, toId: agentId },
  );
  const claimed = await deps.probes.claimAgent({
    agentId,
    owner: instanceId,
    now: new Date(now).toISOString(),
    leaseUntil: new Date(now + PROBE_LEASE_MS).toISOString(),
  });
  await Promise.all(claimed.map((endpoint) => probeEndpoint(deps, endpoint)));
  return agentHealth(deps, agentId);
}
