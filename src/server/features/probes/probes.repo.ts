import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { AgentEndpointRow } from '../../db/schema.js';
import { availableStatuses, type EndpointKind, type ProbeStatus } from '../../../shared/trust.js';

/** The agent column that names each kind of endpoint. */
const URL_COLUMN = { mcp: 'mcp_url', a2a: 'agent_card_url' } as const satisfies Record<EndpointKind, string>;

/** The agents whose ids lie in [fromId, toId]. */
export interface EndpointSyncScope {
  fromId: number;
  toId: number;
}

export interface RecordedProbe {
  endpointId: number;
  checkedAt: string;
  status: ProbeStatus;
  latencyMs: number | null;
  detail: string | null;
  /** JSON of the tool list, or null to keep the last one (the probe could not read it). */
  tools: string | null;
  signed: number | null;
  /** JSON of the protocol revisions the probe tried ('[]' for an A2A card). */
  protocols: string;
  /** JSON of where a server asking for credentials says to get them, or null. */
  auth: string | null;
  signature: string | null;
  consecutiveFailures: number;
  nextProbeAt: string;
  /** What a probe that read tools found beside them (absent: the last ones stay). */
  record?: {
    toolSetHash: string;
    instructions: string | null;
    prompts: string | null;
    resourceTemplates: string | null;
    toolSetFindings: string;
    maxRiskSeverity: string;
  };
  change: {
    added: string;
    removed: string;
    toolSetHash?: string;
    previousToolSetHash?: string | null;
    items?: string;
    leafHash?: string | null;
  } | null;
}

/** A hash an endpoint serves now, to pin: each tool's and the tool set's. */
export interface ServedHashes {
  agentId: number;
  url: string;
  at: string;
  toolHashes: string[];
  toolSetHash: string;
}

export interface UptimeCount {
  endpoint_id: number;
  /** yyyy-mm-dd with byDay, else ''. */
  day: string;
  available: number;
  total: number;
}

/** Endpoints, their probe results and tool changes. */
export function createProbesRepo(db: Db) {
  const k = db.kysely;

  return {
    /**
     * Makes agent_endpoints match what published listings name: a row for each endpoint (due at once),
     * none for an agent no longer published or an address removed; a changed address starts afresh.
     * It covers the agents with ids in a range: one agent is a range of one, and the scheduler walks
     * every agent in steps.
     */
    async syncEndpoints(now: string, agents: EndpointSyncScope, trx: Executor = k): Promise<void> {
      for (const kind of ['mcp', 'a2a'] as const) {
        const column = URL_COLUMN[kind];
        await trx
          .deleteFrom('agent_endpoints')
          .where('kind', '=', kind)
          .where('agent_id', '>=', agents.fromId)
          .where('agent_id', '<=', agents.toId)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('agents')
                  .select('agents.id')
                  .whereRef('agents.id', '=', 'agent_endpoints.agent_id')
                  .where('agents.status', '=', 'published')
                  .whereRef(`agents.${column}`, '=', 'agent_endpoints.url'),
              ),
            ),
          )
          .execute();
        await trx
          .insertInto('agent_endpoints')
          .columns(['agent_id', 'kind', 'url', 'next_probe_at', 'created_at'])
          .expression(
            trx
              .selectFrom('agents')
              .select((eb) => [
                'agents.id',
                eb.val(kind).as('kind'),
                eb.ref(`agents.${column}`).$notNull().as('url'),
                eb.val(now).as('next_probe_at'),
                eb.val(now).as('created_at'),
              ])
              .where('agents.status', '=', 'published')
              .where(`agents.${column}`, 'is not', null)
              .where('agents.id', '>=', agents.fromId)
              .where('agents.id', '<=', agents.toId)
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('agent_endpoints as existing')
                      .select('existing.id')
                      .whereRef('existing.agent_id', '=', 'agents.id')
                      .where('existing.kind', '=', kind),
                  ),
                ),
              ),
          )
          .execute();
      }
    },

    /**
     * Takes the lease of up to `limit` due endpoints nobody else holds, so that of several instances
     * sharing the database exactly one probes each. PostgreSQL skips rows another instance is
     * claiming at that moment; SQLite runs one writer at a time.
     */
    async claimDue(options: {
      owner: string;
      now: string;
      leaseUntil: string;
      limit: number;
    }): Promise<AgentEndpointRow[]> {
      const due = k
        .selectFrom('agent_endpoints')
        .select('id')
        .where('next_probe_at', '<=', options.now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', options.now)]))
        .orderBy('next_probe_at')
        .limit(options.limit);
      return k
        .updateTable('agent_endpoints')
        .set({ lease_owner: options.owner, lease_until: options.leaseUntil })
        .where('id', 'in', db.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .execute();
    },

    /** Takes the lease of one agent's endpoints now, whoever's turn it was (an owner's "probe now"). */
    async claimAgent(options: { agentId: number; owner: string; now: string; leaseUntil: string }) {
      return k
        .updateTable('agent_endpoints')
        .set({ lease_owner: options.owner, lease_until: options.leaseUntil })
        .where('agent_id', '=', options.agentId)
        .where((eb) =>
          eb.or([
            eb('lease_until', 'is', null),
            eb('lease_until', '<', options.now),
            eb('lease_owner', '=', options.owner),
          ]),
        )
        .returningAll()
        .execute();
    },

    findByAgent(agentId: number, trx: Executor = k): Promise<AgentEndpointRow[]> {
      return trx
        .selectFrom('agent_endpoints')
        .selectAll()
        .where('agent_id', '=', agentId)
        .orderBy('kind', 'desc')
        .execute();
    },

    /** Stores a probe: the endpoint's new state, the result row and the tool change, and frees the lease. */
    async recordProbe(probe: RecordedProbe, trx: Executor): Promise<void> {
      await trx
        .updateTable('agent_endpoints')
        .set({
          status: probe.status,
          checked_at: probe.checkedAt,
          latency_ms: probe.latencyMs,
          detail: probe.detail,
          ...(probe.tools !== null ? { tools: probe.tools } : {}),
          ...(probe.record
            ? {
                tool_set_hash: probe.record.toolSetHash,
                instructions: probe.record.instructions,
                prompts: probe.record.prompts,
                resource_templates: probe.record.resourceTemplates,
                tool_set_findings: probe.record.toolSetFindings,
                max_risk_severity: probe.record.maxRiskSeverity,
              }
            : {}),
          signed: probe.signed,
          protocols: probe.protocols,
          auth: probe.auth,
          signature: probe.signature,
          consecutive_failures: probe.consecutiveFailures,
          next_probe_at: probe.nextProbeAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', probe.endpointId)
        .execute();
      await trx
        .insertInto('probe_results')
        .values({
          endpoint_id: probe.endpointId,
          checked_at: probe.checkedAt,
          status: probe.status,
          latency_ms: probe.latencyMs,
        })
        .execute();
      if (probe.change)
        await trx
          .insertInto('endpoint_changes')
          .values({
            endpoint_id: probe.endpointId,
            changed_at: probe.checkedAt,
            added: probe.change.added,
            removed: probe.change.removed,
            tool_set_hash: probe.change.toolSetHash ?? null,
            previous_tool_set_hash: probe.change.previousToolSetHash ?? null,
            items: probe.change.items ?? null,
            leaf_hash: probe.change.leafHash ?? null,
          })
          .execute();
    },

    /**
     * Pins what an endpoint serves now: each hash's first sighting, its last (refreshed), and that
     * the endpoint serves it; the hashes it no longer serves are marked so. One insert and one update
     * whatever the number of tools; the caller calls it on a change and at most hourly otherwise.
     */
    async pinServedHashes(served: ServedHashes, trx: Executor): Promise<void> {
      const rows = [
        ...[...new Set(served.toolHashes)].map((hash) => ({ hash, kind: 'tool' as const })),
        { hash: served.toolSetHash, kind: 'toolset' as const },
      ].map((row) => ({
        ...row,
        agent_id: served.agentId,
        url: served.url,
        first_seen_at: served.at,
        last_seen_at: served.at,
        served_now: 1,
      }));
      await trx
        .insertInto('tool_hash_pins')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['hash', 'agent_id', 'url']).doUpdateSet({ last_seen_at: served.at, served_now: 1 }),
        )
        .execute();
      await trx
        .updateTable('tool_hash_pins')
        .set({ served_now: 0 })
        .where('agent_id', '=', served.agentId)
        .where('url', '=', served.url)
        .where('served_now', '=', 1)
        .where(
          'hash',
          'not in',
          rows.map((row) => row.hash),
        )
        .execute();
      await trx
        .updateTable('agent_endpoints')
        .set({ pins_seen_at: served.at })
        .where('agent_id', '=', served.agentId)
        .where('url', '=', served.url)
        .execute();
    },

    /**
     * Every sighting of a hash, with the listing it was seen on while that listing is published
     * (`slug` null otherwise), and whether the endpoint still serves it: the endpoint must still be
     * listed at that address and have served it at its last probe that read tools.
     */
    pinSightings(hash: string) {
      return k
        .selectFrom('tool_hash_pins as pin')
        .leftJoin('agents', (join) =>
          join.onRef('agents.id', '=', 'pin.agent_id').on('agents.status', '=', 'published'),
        )
        .select((eb) => [
          'pin.kind',
          'pin.url',
          'pin.first_seen_at',
          'pin.last_seen_at',
          'agents.slug',
          eb
            .case()
            .when(
              eb.and([
                eb('pin.served_now', '=', 1),
                eb.exists(
                  eb
                    .selectFrom('agent_endpoints')
                    .select('agent_endpoints.id')
                    .whereRef('agent_endpoints.agent_id', '=', 'pin.agent_id')
                    .whereRef('agent_endpoints.url', '=', 'pin.url'),
                ),
              ]),
            )
            .then(1)
            .else(0)
            .end()
            .as('served'),
        ])
        .where('pin.hash', '=', hash)
        .orderBy('pin.first_seen_at')
        .orderBy('pin.id')
        .execute();
    },

    /** The people who favorited the agent and still have an account: told when its tools change. */
    async favoritedBy(agentId: number, trx: Executor = k): Promise<number[]> {
      const rows = await trx
        .selectFrom('favorites')
        .innerJoin('users', 'users.id', 'favorites.user_id')
        .select('favorites.user_id')
        .where('favorites.agent_id', '=', agentId)
        .where('users.deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * A round in which the endpoint could not be probed on our side: its state is unknown until the
     * next probe, its failures stay as they were and uptime gets no sample.
     */
    async recordUnprobed(probe: {
      endpointId: number;
      checkedAt: string;
      detail: string;
      nextProbeAt: string;
    }): Promise<void> {
      await k
        .updateTable('agent_endpoints')
        .set({
          status: 'unknown',
          checked_at: probe.checkedAt,
          latency_ms: null,
          detail: probe.detail,
          next_probe_at: probe.nextProbeAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', probe.endpointId)
        .execute();
    },

    /**
     * The subjects of the agent's active dns and well-known claims: the domains whose keys may sign
     * its A2A card. (A GitHub claim names a repository, which serves no keys.)
     */
    async claimDomains(agentId: number): Promise<string[]> {
      const rows = await k
        .selectFrom('ownership_claims')
        .select('subject')
        .where('agent_id', '=', agentId)
        .where('status', '=', 'active')
        .where('method', 'in', ['dns', 'well-known'])
        .execute();
      return rows.map((row) => row.subject);
    },

    findEndpoint(endpointId: number, trx: Executor = k) {
      return trx
        .selectFrom('agent_endpoints')
        .innerJoin('agents', 'agents.id', 'agent_endpoints.agent_id')
        .selectAll('agent_endpoints')
        .select(['agents.owner_id', 'agents.name as agent_name', 'agents.slug as agent_slug'])
        .where('agent_endpoints.id', '=', endpointId)
        .executeTakeFirst();
    },

    /**
     * Probes of each endpoint since `since` and how many found it available: one row per endpoint, or
     * per endpoint and UTC day with `byDay`.
     */
    async uptimeCounts(
      endpointIds: number[],
      since: string,
      options: { byDay: boolean },
    ): Promise<UptimeCount[]> {
      if (endpointIds.length === 0) return [];
      const day = options.byDay ? sql<string>`substr(checked_at, 1, 10)` : sql<string>`''`;
      const rows = await k
        .selectFrom('probe_results')
        .select((eb) => [
          'endpoint_id',
          day.as('day'),
          eb.fn.countAll<number>().as('total'),
          eb.fn
            .sum<number>(eb.case().when('status', 'in', availableStatuses).then(1).else(0).end())
            .as('available'),
        ])
        .where('endpoint_id', 'in', endpointIds)
        .where('checked_at', '>=', since)
        .groupBy(options.byDay ? ['endpoint_id', day] : ['endpoint_id'])
        .execute();
      return rows.map((row) => ({ ...row, total: Number(row.total), available: Number(row.available) }));
    },

    recentChanges(endpointIds: number[], limit: number) {
      if (endpointIds.length === 0) return Promise.resolve([]);
      return k
        .selectFrom('endpoint_changes')
        .selectAll()
        .where('endpoint_id', 'in', endpointIds)
        .orderBy('changed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Drops probe results older than `before` (they are only read for 30 days of uptime). */
    /** Hands back leases this instance took but will not use in time, so another instance may. */
    async releaseLeases(ids: number[], owner: string): Promise<void> {
      if (ids.length === 0) return;
      await k
        .updateTable('agent_endpoints')
        .set({ lease_owner: null, lease_until: null })
        .where('id', 'in', ids)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** The highest agent id named by an agent or an endpoint: where a sync by id ranges ends. */
    async highestAgentId(): Promise<number> {
      const agents = await k
        .selectFrom('agents')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const endpoints = await k
        .selectFrom('agent_endpoints')
        .select((eb) => eb.fn.max('agent_id').as('id'))
        .executeTakeFirst();
      return Math.max(Number(agents?.id ?? 0), Number(endpoints?.id ?? 0));
    },

    async countEndpoints(): Promise<number> {
      const row = await k
        .selectFrom('agent_endpoints')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async pruneResults(before: string): Promise<number> {
      const result = await k.deleteFrom('probe_results').where('checked_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ProbesRepo = ReturnType<typeof createProbesRepo>;
