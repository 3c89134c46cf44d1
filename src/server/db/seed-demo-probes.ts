import type { Transaction } from 'kysely';
import { DEMO_MCP_PATH, DEMO_SERVERS } from '../features/probes/demo-mcp.routes.js';
import { LEGACY_REVISION, MODERN_REVISION } from '../features/probes/mcp-probe.js';
import { createRandom } from '../lib/random.js';
import type { Database } from './schema.js';
import type { ProbeStatus } from '../../shared/trust.js';

const DAY_MS = 86_400_000;
const DAYS = 30;
/** Seeded probes come every half hour (live ones every 15 minutes): enough for believable bars. */
const STEP_MS = 30 * 60 * 1000;
const CHUNK = 400;

interface DemoEndpoint {
  agentId: number;
  kind: 'mcp' | 'a2a';
  path: string;
  /** The status the live probe will find too, since every demo endpoint is served by the app itself. */
  status: ProbeStatus;
  tools: Array<{ name: string; description: string }>;
  /** Days ago a tool set changed: what was added and removed then. */
  change?: { daysAgo: number; added: string[]; removed: string[] };
  /** An incident: hours down, starting this many days ago. */
  incident?: { daysAgo: number; hours: number };
}

/**
 * Endpoints for a few demo agents with 30 days of probe history, a tool change and an incident, all
 * pointing at the demo servers the app serves under /demo-mcp: without a network, the next live probe
 * (or "Probe now") finds what the history says, and a newcomer can watch a real probe.
 */
export async function seedDemoProbes(
  trx: Transaction<Database>,
  input: { now: number; origin: string; ownedAgentIds: number[]; otherAgentIds: number[] },
): Promise<void> {
  const random = createRandom(20261125);
  const { now, origin } = input;
  const iso = (ms: number) => new Date(ms).toISOString();
  const [firstOwned, secondOwned] = input.ownedAgentIds;
  const [firstOther, secondOther] = input.otherAgentIds;
  const tools = (name: keyof typeof DEMO_SERVERS) =>
    DEMO_SERVERS[name].tools.map(({ name: tool, description }) => ({ name: tool, description }));
  const endpoints: DemoEndpoint[] = [];
  if (firstOwned !== undefined) {
    endpoints.push({
      agentId: firstOwned,
      kind: 'mcp',
      path: DEMO_MCP_PATH,
      status: 'up',
      tools: tools('demo'),
      change: { daysAgo: 12, added: ['current_time'], removed: ['ping'] },
      incident: { daysAgo: 9, hours: 5 },
    });
    endpoints.push({
      agentId: firstOwned,
      kind: 'a2a',
      path: `${DEMO_MCP_PATH}/agent-card.json`,
      status: 'up',
      tools: [
        { name: 'Echo', description: 'Answers the text it is given.' },
        { name: 'Current time', description: 'Tells the time.' },
      ],
    });
  }
  if (secondOwned !== undefined)
    endpoints.push({
      agentId: secondOwned,
      kind: 'mcp',
      path: `${DEMO_MCP_PATH}/private`,
      status: 'needs_auth',
      tools: [],
    });
  if (firstOther !== undefined)
    endpoints.push({
      agentId: firstOther,
      kind: 'mcp',
      path: `${DEMO_MCP_PATH}/weather`,
      status: 'up',
      tools: tools('weather'),
      change: { daysAgo: 4, added: ['air_quality'], removed: [] },
    });
  if (secondOther !== undefined)
    endpoints.push({
      agentId: secondOther,
      kind: 'mcp',
      path: `${DEMO_MCP_PATH}/docs`,
      status: 'up',
      tools: tools('docs'),
      incident: { daysAgo: 2, hours: 3 },
    });

  for (const endpoint of endpoints) {
    const url = `${origin}${endpoint.path}`;
    const column = endpoint.kind === 'mcp' ? 'mcp_url' : 'agent_card_url';
    await trx
      .updateTable('agents')
      .set({ [column]: url })
      .where('id', '=', endpoint.agentId)
      .execute();
    // A few minutes ago, but never before today's UTC midnight: today's uptime bar has its probe too.
    const sinceMidnight = now % DAY_MS;
    const lastCheck = now - Math.min(random.int(2, 12) * 60 * 1000, sinceMidnight);
    // What the live probe finds on the demo servers: both eras, or the credentials sibling's metadata.
    const checkedAt = iso(lastCheck);
    const locked = endpoint.status === 'needs_auth';
    const protocols =
      endpoint.kind === 'a2a'
        ? []
        : locked
          ? []
          : [MODERN_REVISION, LEGACY_REVISION].map((version) => ({
              version,
              supported: true,
              checkedAt,
              detail: null,
            }));
    const auth = locked
      ? {
          resourceMetadata: `${url}/oauth-protected-resource`,
          authorizationServers: [`${origin}${DEMO_MCP_PATH}/oauth`],
        }
      : null;
    const row = await trx
      .insertInto('agent_endpoints')
      .values({
        agent_id: endpoint.agentId,
        kind: endpoint.kind,
        url,
        status: endpoint.status,
        checked_at: checkedAt,
        latency_ms: endpoint.status === 'needs_auth' ? 18 : random.int(40, 180),
        detail: locked ? 'The server asks for credentials' : null,
        tools: JSON.stringify(endpoint.tools),
        signed: null,
        protocols: JSON.stringify(protocols),
        auth: auth ? JSON.stringify(auth) : null,
        consecutive_failures: 0,
        // Due soon, so the first live probe confirms the history within minutes of starting.
        next_probe_at: iso(now + random.int(1, 4) * 60 * 1000),
        created_at: iso(now - DAYS * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const results: Array<Record<string, unknown>> = [];
    for (let at = lastCheck - DAYS * DAY_MS; at <= lastCheck; at += STEP_MS) {
      const incident = endpoint.incident;
      const daysAgo = (now - at) / DAY_MS;
      const inIncident =
        incident !== undefined &&
        daysAgo <= incident.daysAgo &&
        daysAgo > incident.daysAgo - incident.hours / 24;
      const slow = !inIncident && random.next() < 0.01;
      results.push({
        endpoint_id: row.id,
        checked_at: iso(at),
        status: inIncident ? 'down' : slow ? 'degraded' : endpoint.status,
        latency_ms: inIncident ? null : slow ? random.int(2100, 3400) : random.int(40, 220),
      });
    }
    for (let start = 0; start < results.length; start += CHUNK)
      await trx
        .insertInto('probe_results')
        .values(results.slice(start, start + CHUNK) as never)
        .execute();
    if (endpoint.incident) {
      // The public record shows the incident as the live scheduler would have written it.
      const label = endpoint.kind === 'mcp' ? 'MCP server' : 'A2A agent card';
      const start = now - endpoint.incident.daysAgo * DAY_MS + 1.5 * 60 * 60 * 1000;
      await trx
        .insertInto('agent_events')
        .values([
          {
            agent_id: endpoint.agentId,
            kind: 'incident',
            actor: 'system',
            actor_id: null,
            message: `The ${label} failed 3 probes in a row: the connection was refused.`,
            created_at: iso(start),
          },
          {
            agent_id: endpoint.agentId,
            kind: 'recovered',
            actor: 'system',
            actor_id: null,
            message: `The ${label} answered again after ${Math.round((endpoint.incident.hours * 60) / 30) - 3} failed probes.`,
            created_at: iso(
              now - endpoint.incident.daysAgo * DAY_MS + endpoint.incident.hours * 60 * 60 * 1000,
            ),
          },
        ])
        .execute();
    }
    if (endpoint.change)
      await trx
        .insertInto('endpoint_changes')
        .values({
          endpoint_id: row.id,
          changed_at: iso(now - endpoint.change.daysAgo * DAY_MS),
          added: JSON.stringify(endpoint.change.added),
          removed: JSON.stringify(endpoint.change.removed),
        })
        .execute();
  }
}
