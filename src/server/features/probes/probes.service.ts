import { isIP } from 'node:net';
import {
  cardSignatureSchema,
  type AgentHealth,
  type CardSignature,
  type EndpointHealth,
  type RiskSeverity,
} from '../../../shared/api/probes.js';
import type {
  ToolChangeItem,
  ToolDefinition,
  ToolFinding,
  ToolSetChange,
} from '../../../shared/api/tool-record.js';
import type { Db, Executor } from '../../db/database.js';
import {
  readConformance,
  readEndpointAuth,
  readPrompts,
  readProtocols,
  readResourceTemplates,
  readToolChangeItems,
  readToolFindings,
  readToolNames,
  readTools,
} from '../../db/json-columns.js';
import { findInstructionRisks, findToolRisks } from '../../../shared/rules/tool-risk.js';
import { classifyToolChanges } from '../../../shared/rules/tool-changes.js';
import { enqueueToolSetObservation } from '../transparency/transparency-queue.js';
import { toolBodyOf, toolHash, toolSetHash } from './tool-hash.js';
import type { RecordedProbe } from './probes.repo.js';
import type { AgentEndpointRow } from '../../db/schema.js';
import { ResolverUnavailable } from '../../lib/outbound-fetch.js';
import { nowIso, utcDay } from '../../lib/time.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { Notification } from '../../../shared/api/notifications.js';
import type { A2aProbeOutcome } from './a2a-probe.js';
import { PROBE_TIMEOUT_MS } from './mcp-probe.js';
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
import { logIndexesByLeafHash } from '../transparency/transparency.repo.js';

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

/** Pins of a tool set that stays are refreshed at most this often (a probe that changes nothing writes nothing else). */
export const PIN_REFRESH_MS = 60 * 60 * 1000;

const severityRank: Record<RiskSeverity, number> = { none: 0, info: 1, warning: 2, danger: 3 };

/** The highest severity among findings ('none' without any). */
export function maxSeverity(findings: readonly ToolFinding[]): RiskSeverity {
  let max: RiskSeverity = 'none';
  for (const finding of findings)
    if (severityRank[finding.severity] > severityRank[max]) max = finding.severity;
  return max;
}

/** The severities at or below `max`: what a listing filtered by `maxRiskSeverity` keeps. */
export function severitiesUpTo(max: RiskSeverity): RiskSeverity[] {
  return (Object.keys(severityRank) as RiskSeverity[]).filter(
    (one) => severityRank[one] <= severityRank[max],
  );
}

/** What a probe that read tools puts on the record: each tool whole, hashed, with its findings. */
export interface ToolRecordOfProbe {
  tools: ToolDefinition[];
  toolSetHash: string;
  toolSetFindings: ToolFinding[];
  maxRiskSeverity: RiskSeverity;
}

/**
 * Hashes the tools a probe read and runs the published risk rules on them (MCP only: an A2A card's
 * skills are hashed but have no rules); what the size caps left off is a tool-set finding.
 */
export function toolRecordOf(
  outcome: A2aProbeOutcome,
  kind: AgentEndpointRow['kind'],
): ToolRecordOfProbe | null {
  if (outcome.tools === null) return null;
  const bodies = outcome.tools.map(toolBodyOf);
  const risks = kind === 'mcp' ? findToolRisks(bodies) : { perTool: bodies.map(() => []), toolSet: [] };
  const tools = bodies.map((body, index) => ({
    ...body,
    hash: toolHash(body),
    findings: risks.perTool[index] ?? [],
  }));
  const toolSetFindings: ToolFinding[] = [
    ...risks.toolSet,
    // The server's instructions reach the model as tool descriptions do: the same rules read them.
    ...(kind === 'mcp' && outcome.instructions
      ? findInstructionRisks(
          outcome.instructions,
          bodies.map((body) => body.name),
        ).map((finding) => ({ ...finding, evidence: `Server instructions: ${finding.evidence}` }))
      : []),
    // What a size cap left off is the token-budget rule's concern: a list too large to read whole.
    ...(outcome.capped ?? []).map((note) => ({
      rule: 'token-budget',
      severity: 'warning' as const,
      evidence: note,
    })),
  ];
  return {
    tools,
    toolSetHash: toolSetHash(tools.map((tool) => tool.hash)),
    toolSetFindings,
    maxRiskSeverity: maxSeverity([...tools.flatMap((tool) => tool.findings), ...toolSetFindings]),
  };
}

/** Each danger finding as one key, for telling which are new. */
function dangerKeys(tools: readonly ToolDefinition[], toolSet: readonly ToolFinding[]): Map<string, string> {
  const keys = new Map<string, string>();
  const add = (where: string, finding: ToolFinding) => {
    if (finding.severity === 'danger')
      keys.set(
        `${where}\u0000${finding.rule}\u0000${finding.evidence}`,
        `${where}: ${finding.rule} (“${finding.evidence.slice(0, 120)}”)`,
      );
  };
  for (const tool of tools) for (const finding of tool.findings) add(`'${tool.name}'`, finding);
  for (const finding of toolSet) add('the tool list', finding);
  return keys;
}

/** Where in the record an observed tool set goes: the change row, pins, and the log (MCP). */
async function recordToolSet(
  deps: ProbesDeps,
  trx: Executor,
  endpoint: AgentEndpointRow,
  record: ToolRecordOfProbe,
  at: string,
): Promise<{ change: RecordedProbe['change']; items: ToolChangeItem[] | null; pinned: boolean }> {
  const previousHash = endpoint.tool_set_hash;
  const moved = record.toolSetHash !== previousHash;
  const pinnedAt = endpoint.pins_seen_at === null ? 0 : Date.parse(endpoint.pins_seen_at);
  const pinned = endpoint.kind === 'mcp' && (moved || Date.parse(at) - pinnedAt >= PIN_REFRESH_MS);
  if (pinned) {
    await deps.probes.pinServedHashes(
      {
        agentId: endpoint.agent_id,
        url: endpoint.url,
        at,
        toolHashes: record.tools.map((tool) => tool.hash),
        toolSetHash: record.toolSetHash,
      },
      trx,
    );
  }
  if (!moved) return { change: null, items: null, pinned };
  // The first tool set on the record (also the first since definitions are kept whole) is logged
  // and shown, but it is no change: nobody is told.
  const items = previousHash === null ? null : classifyToolChanges(readTools(endpoint.tools), record.tools);
  if (endpoint.kind !== 'mcp' && items === null) return { change: null, items: null, pinned };
  const leafHash =
    endpoint.kind === 'mcp'
      ? await enqueueToolSetObservation(trx, {
          endpoint: endpoint.url,
          observedAt: at,
          toolSetHash: record.toolSetHash,
          toolHashes: record.tools.map((tool) => tool.hash).sort(),
        })
      : null;
  const named = (kind: 'added' | 'removed') =>
    JSON.stringify((items ?? []).filter((item) => item.kind === kind).map((item) => item.tool));
  return {
    change: {
      added: named('added'),
      removed: named('removed'),
      toolSetHash: record.toolSetHash,
      previousToolSetHash: previousHash,
      items: JSON.stringify(items ?? []),
      leafHash,
    },
    items,
    pinned,
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

/** One change in words, for a notification: "'read_file': input widened: new property 'path'". */
function itemInWords(item: ToolChangeItem): string {
  switch (item.kind) {
    case 'added':
      return `'${item.tool}' added`;
    case 'removed':
      return `'${item.tool}' removed`;
    case 'renamed':
      return `'${item.from ?? '?'}' renamed to '${item.tool}'`;
    default:
      return `'${item.tool}': ${item.detail ?? item.kind.replace('_', ' ')}`;
  }
}

type Told = Array<{ userId: number; notice: Notification }>;

type ProbedAgent = { owner_id: number | null; agent_name: string; agent_slug: string };

/** The agent an endpoint's webhook events are about. */
function webhookAgent(endpoint: AgentEndpointRow, agent: ProbedAgent) {
  return { id: endpoint.agent_id, slug: agent.agent_slug, name: agent.agent_name, owner_id: agent.owner_id };
}

/**
 * Tells of what a probe found in the tools: a classified change goes to the owner, the people who
 * favorited the agent and the owner's webhooks (`agent.tools_changed`); a danger finding the record
 * did not hold before goes on the public record and to the owner.
 */
async function tellOfTools(
  deps: ProbesDeps,
  trx: Executor,
  options: {
    endpoint: AgentEndpointRow;
    agent: ProbedAgent;
    record: ToolRecordOfProbe | null;
    items: ToolChangeItem[] | null;
  },
): Promise<Told> {
  const { endpoint, agent, record, items } = options;
  const told: Told = [];
  const what = `${agent.agent_name}'s ${endpointKindLabels[endpoint.kind]}`;
  const link = paths.agent.href(agent.agent_slug, { section: 'health' });
  if (record && endpoint.kind === 'mcp') {
    const before = dangerKeys(readTools(endpoint.tools), readToolFindings(endpoint.tool_set_findings));
    const fresh = [...dangerKeys(record.tools, record.toolSetFindings)]
      .filter(([key]) => !before.has(key))
      .map(([, text]) => text);
    if (fresh.length > 0) {
      const found = `${fresh.length === 1 ? 'a danger finding' : `${fresh.length} danger findings`}: ${fresh.slice(0, 5).join('; ')}${fresh.length > 5 ? '; …' : ''}`;
      await deps.agentEvents.record(
        {
          agentId: endpoint.agent_id,
          kind: 'tool_danger',
          actor: 'system',
          actorId: null,
          message: `A probe of the ${endpointKindLabels[endpoint.kind]} found ${found}`,
        },
        trx,
      );
      if (agent.owner_id !== null)
        told.push({
          userId: agent.owner_id,
          notice: await createNotification(deps.notifications, trx, {
            user_id: agent.owner_id,
            type: 'system',
            title: `${what} has a dangerous tool`,
            message: `The published risk rules found ${found}. The finding is on the listing's public record.`,
            link,
          }),
        });
    }
  }
  if (!items || items.length === 0 || !record) return told;
  await raiseWebhookEvent(deps.webhookEvents, trx, {
    type: 'agent.tools_changed',
    agent: webhookAgent(endpoint, agent),
    data: {
      endpoint: { kind: endpoint.kind, url: endpoint.url },
      toolSetHash: record.toolSetHash,
      previousToolSetHash: endpoint.tool_set_hash,
      items,
    },
  });
  const summary = `${items.slice(0, 5).map(itemInWords).join('; ')}${items.length > 5 ? `; and ${items.length - 5} more` : ''}.`;
  const people = new Set([
    ...(agent.owner_id !== null ? [agent.owner_id] : []),
    ...(await deps.probes.favoritedBy(endpoint.agent_id, trx)),
  ]);
  for (const userId of people)
    told.push({
      userId,
      notice: await createNotification(deps.notifications, trx, {
        user_id: userId,
        type: userId === agent.owner_id ? 'system' : 'favorite',
        title: `${what} changed its tools`,
        message: summary,
        link,
      }),
    });
  return told;
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
  const checkedAt = new Date(at).toISOString();
  const record = toolRecordOf(outcome, endpoint.kind);
  let pinsWritten = false;
  const notifications = await deps.db.kysely.transaction().execute(async (trx) => {
    const observed = record
      ? await recordToolSet(deps, trx, endpoint, record, checkedAt)
      : { change: null, items: null, pinned: false };
    pinsWritten = observed.pinned;
    await deps.probes.recordProbe(
      {
        endpointId: endpoint.id,
        checkedAt,
        status: outcome.status,
        latencyMs: outcome.latencyMs,
        detail: outcome.detail,
        tools: record ? JSON.stringify(record.tools) : null,
        ...(record
          ? {
              record: {
                toolSetHash: record.toolSetHash,
                instructions: outcome.instructions ?? null,
                prompts: outcome.prompts ? JSON.stringify(outcome.prompts) : null,
                resourceTemplates: outcome.resourceTemplates
                  ? JSON.stringify(outcome.resourceTemplates)
                  : null,
                toolSetFindings: JSON.stringify(record.toolSetFindings),
                maxRiskSeverity: record.maxRiskSeverity,
              },
            }
          : {}),
        signed: outcome.signed === undefined || outcome.signed === null ? null : outcome.signed ? 1 : 0,
        protocols: JSON.stringify(outcome.protocols ?? []),
        auth: outcome.auth ? JSON.stringify(outcome.auth) : null,
        signature: outcome.signature ? JSON.stringify(outcome.signature) : null,
        consecutiveFailures: failures,
        nextProbeAt: nextProbeAt(at, deps.intervalS),
        change: observed.change,
      },
      trx,
    );
    const agent = await deps.probes.findEndpoint(endpoint.id, trx);
    if (!agent) return [];
    const told = await tellOfTools(deps, trx, { endpoint, agent, record, items: observed.items });
    const what = `${agent.agent_name}'s ${endpointKindLabels[endpoint.kind]}`;
    const failing = failures === FAILURES_BEFORE_NOTICE;
    const recovered = failures === 0 && endpoint.consecutive_failures >= FAILURES_BEFORE_NOTICE;
    if (!failing && !recovered) return told;
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
      agent: webhookAgent(endpoint, agent),
      data: {
        endpoint: { kind: endpoint.kind, url: endpoint.url },
        // "failing" after FAILURES_BEFORE_NOTICE failed probes in a row; "recovered" at the next success.
        health: failing ? 'failing' : 'recovered',
        status: outcome.status,
        failedProbes: failing ? failures : endpoint.consecutive_failures,
        detail: outcome.detail,
      },
    });
    if (agent.owner_id === null) return told;
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
    return [...told, ...notices.map((notice) => ({ userId: agent.owner_id!, notice }))];
  });
  probesTotal.inc({ outcome: outcome.status });
  if (pinsWritten) deps.cache.invalidate([cacheTags.toolHashes]);
  // Listings filtered by risk move when an endpoint's highest severity does (not at a first 'none').
  const riskBefore = endpoint.max_risk_severity ?? 'none';
  if (record && record.maxRiskSeverity !== riskBefore) deps.cache.invalidate([cacheTags.listings]);
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
  const logIndexes = await logIndexesByLeafHash(
    deps.db,
    changes.flatMap((change) => (change.leaf_hash !== null ? [change.leaf_hash] : [])),
  );

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
        toolSetHash: endpoint.tool_set_hash,
        instructions: endpoint.instructions,
        prompts: readPrompts(endpoint.prompts),
        resourceTemplates: readResourceTemplates(endpoint.resource_templates),
        toolSetFindings: readToolFindings(endpoint.tool_set_findings),
        maxRiskSeverity: riskSeverityOf(endpoint.max_risk_severity),
        changes: changes
          .filter((change) => change.endpoint_id === endpoint.id)
          .slice(0, CHANGES_SHOWN)
          .map((change) => presentChange(change, logIndexes)),
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

function riskSeverityOf(value: string | null): RiskSeverity | null {
  return value !== null && value in severityRank ? (value as RiskSeverity) : null;
}

/** A stored change; rows written before the tool record (no items) read as names added and removed. */
function presentChange(
  change: Awaited<ReturnType<ProbesDeps['probes']['recentChanges']>>[number],
  logIndexes: Map<string, number>,
): ToolSetChange {
  const named = (kind: 'added' | 'removed', json: string): ToolChangeItem[] =>
    readToolNames(json).map((tool) => ({ kind, tool, from: null, detail: null }));
  return {
    at: change.changed_at,
    toolSetHash: change.tool_set_hash,
    previousToolSetHash: change.previous_tool_set_hash,
    logIndex: change.leaf_hash !== null ? (logIndexes.get(change.leaf_hash) ?? null) : null,
    items: readToolChangeItems(change.items) ?? [
      ...named('added', change.added),
      ...named('removed', change.removed),
    ],
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
  await waitForProbesInFlight(deps, agentId, new Date(now).toISOString());
  return agentHealth(deps, agentId);
}

/** How long probe-now waits for a probe another worker started: that probe's own time limit, and a margin. */
const PROBE_IN_FLIGHT_WAIT_MS = PROBE_TIMEOUT_MS + 2_000;

/**
 * An endpoint probe-now could not claim is being probed right now by the scheduler or another instance;
 * answering before that probe lands would show the owner the state from before they asked.
 */
async function waitForProbesInFlight(deps: ProbesDeps, agentId: number, askedAt: string): Promise<void> {
  const deadline = Date.now() + PROBE_IN_FLIGHT_WAIT_MS;
  for (;;) {
    const now = new Date().toISOString();
    const inFlight = (await deps.probes.findByAgent(agentId)).some(
      (endpoint) =>
        endpoint.lease_until !== null &&
        endpoint.lease_until > now &&
        (endpoint.checked_at === null || endpoint.checked_at < askedAt),
    );
    if (!inFlight || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
