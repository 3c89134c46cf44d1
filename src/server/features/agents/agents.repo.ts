import { sql, type SelectQueryBuilder } from 'kysely';
import type { AgentListQuery, AgentSort } from '../../../shared/api/agents.js';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { inBatches } from '../../db/batches.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { availableStatuses, failingStatuses } from '../../../shared/trust.js';
import type { McpRevision } from '../../../shared/rules/trust-summary.js';

/** The columns a listing card needs (agents joined with categories). */
export const agentSummaryColumns = [
  'agents.id',
  'agents.slug',
  'agents.name',
  'agents.tagline',
  'agents.tags',
  'agents.pricing',
  'agents.logo_url',
  'agents.verified',
  'agents.rating_average',
  'agents.rating_count',
  'agents.reputation_score',
  'agents.favorites_count',
  'agents.created_at',
  'categories.slug as category_slug',
  'categories.name as category_name',
] as const;

/** A listing in full: the summary, its links, rating distribution and owner (agents, categories, users). */
const agentDetailColumns = [
  ...agentSummaryColumns,
  'agents.description',
  'agents.website_url',
  'agents.repo_url',
  'agents.docs_url',
  'agents.mcp_url',
  'agents.agent_card_url',
  'agents.status',
  'agents.owner_id',
  'agents.rating_1',
  'agents.rating_2',
  'agents.rating_3',
  'agents.rating_4',
  'agents.rating_5',
  'agents.views_count',
  'agents.updated_at',
  'users.first_name as owner_first_name',
  'users.last_name as owner_last_name',
  'users.full_name as owner_full_name',
  'users.username as owner_username',
  'users.is_anonymous as owner_is_anonymous',
] as const;

export type AgentSummaryRow = Awaited<
  ReturnType<ReturnType<typeof createAgentsRepo>['findSummaries']>
>[number];
export type AgentDetailRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAgentsRepo>['findDetail']>>
>;

type AgentSelect = SelectQueryBuilder<Database, 'agents' | 'categories', object>;

/** What a listing can be narrowed to besides a search. */
export type ListingFilters = Pick<
  AgentListQuery,
  'verified' | 'pricing' | 'health' | 'protocol' | 'maxRiskSeverity'
> & {
  categoryId?: number;
};

/** Which filters a listing has: they decide its SQL, so a prepared listing query is kept per shape. */
interface ListingShape {
  category: boolean;
  verified: boolean;
  pricing: boolean;
  health?: NonNullable<ListingFilters['health']>;
  protocol?: McpRevision;
  maxRiskSeverity?: NonNullable<ListingFilters['maxRiskSeverity']>;
}
interface ListingValues extends Record<string, unknown> {
  categoryId?: number;
  verified?: number;
  pricing?: ListingFilters['pricing'];
}
interface PageValues extends ListingValues {
  limit: number;
  offset: number;
}

function listingShape(filters: ListingFilters): ListingShape {
  return {
    category: filters.categoryId !== undefined,
    verified: filters.verified !== undefined,
    pricing: filters.pricing !== undefined,
    ...(filters.health !== undefined ? { health: filters.health } : {}),
    ...(filters.protocol !== undefined ? { protocol: filters.protocol } : {}),
    ...(filters.maxRiskSeverity !== undefined ? { maxRiskSeverity: filters.maxRiskSeverity } : {}),
  };
}

function listingValues(filters: ListingFilters): ListingValues {
  return {
    categoryId: filters.categoryId,
    verified: filters.verified === undefined ? undefined : filters.verified ? 1 : 0,
    pricing: filters.pricing,
  };
}

/** An agent with its category and owner, as the detail and the feeds read it. */
function detailQuery(trx: Executor) {
  return trx
    .selectFrom('agents')
    .innerJoin('categories', 'categories.id', 'agents.category_id')
    .leftJoin('users', 'users.id', 'agents.owner_id');
}

/**
 * CASE id WHEN … THEN … END: each agent's own value in one multi-row UPDATE. Each value is cast, since
 * PostgreSQL cannot tell a parameter's type from a THEN alone.
 */
function valueById(pairs: ReadonlyArray<readonly [number, number]>, type: 'integer' | 'double precision') {
  const cases = pairs.map(([id, value]) => sql`WHEN ${id} THEN CAST(${value} AS ${sql.raw(type)})`);
  return sql<number>`CASE id ${sql.join(cases, sql` `)} END`;
}

/** Longer lists of ids (a whole export, a registry page) are sent unprepared, so the shapes stay few. */
const PREPARED_ID_LISTS = 100;

function endpointsOf(trx: Executor, ids: number[]) {
  return trx
    .selectFrom('agent_endpoints')
    .select(['agent_id', 'kind', 'status', 'protocols', 'tool_set_hash', 'max_risk_severity'])
    .where('agent_id', 'in', ids);
}

function activeClaimsOf(trx: Executor, ids: number[]) {
  return trx
    .selectFrom('ownership_claims')
    .select(['agent_id', 'method'])
    .where('agent_id', 'in', ids)
    .where('status', '=', 'active');
}

/** Listings naming an endpoint that the probes have not taken up yet (it is "not checked yet"). */
function listingEndpointsOf(trx: Executor, ids: number[]) {
  return trx
    .selectFrom('agents')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('mcp_url', 'is not', null), eb('agent_card_url', 'is not', null)]));
}

export function createAgentsRepo(db: Db) {
  const k = db.kysely;

  function orderBy<Q extends AgentSelect>(query: Q, sort: AgentSort): Q {
    switch (sort) {
      case 'rating':
        return query.orderBy('agents.reputation_score', 'desc').orderBy('agents.id', 'desc') as Q;
      case 'newest':
        return query.orderBy('agents.published_at', 'desc').orderBy('agents.id', 'desc') as Q;
      case 'trending':
        return query.orderBy('agents.trending_score', 'desc').orderBy('agents.id', 'desc') as Q;
      case 'reviews':
        return query.orderBy('agents.rating_count', 'desc').orderBy('agents.id', 'desc') as Q;
      case 'name':
        return query.orderBy('agents.name').orderBy('agents.id') as Q;
    }
  }

  function filtered(filters: ListingFilters) {
    return narrowed(listingShape(filters), listingValues(filters));
  }

  /** Published agents narrowed by the filters present in `shape`, to the values given (or stand-ins). */
  function narrowed(shape: ListingShape, values: ListingValues) {
    return narrowedAgents(
      k.selectFrom('agents').innerJoin('categories', 'categories.id', 'agents.category_id'),
      shape,
      values,
    );
  }

  /** The same without the categories: a listing's ids, walked past its offset, need no other table. */
  function narrowedIds(shape: ListingShape, values: ListingValues) {
    return narrowedAgents(k.selectFrom('agents'), shape, values);
  }

  function narrowedAgents<Q extends SelectQueryBuilder<Database, 'agents' | 'categories', object>>(
    from: Q | SelectQueryBuilder<Database, 'agents', object>,
    shape: ListingShape,
    values: ListingValues,
  ) {
    let query = (from as Q).where('agents.status', '=', 'published');
    if (shape.category) query = query.where('agents.category_id', '=', values.categoryId!);
    if (shape.verified) query = query.where('agents.verified', '=', values.verified!);
    if (shape.pricing) query = query.where('agents.pricing', '=', values.pricing!);
    if (shape.health) query = query.where('agents.id', 'in', idsByHealth(shape.health));
    if (shape.protocol) query = query.where('agents.id', 'in', idsByProtocol(shape.protocol));
    if (shape.maxRiskSeverity)
      query = query.where('agents.id', 'not in', idsAboveRisk(shape.maxRiskSeverity));
    return query;
  }

  const listingPage = preparedQuery(k, (shape: ListingShape & { sort: AgentSort }, values: PageValues) =>
    orderBy(narrowed(shape, values) as AgentSelect, shape.sort)
      .select(agentSummaryColumns)
      .limit(values.limit)
      .offset(values.offset),
  );
  const listingIds = preparedQuery(k, (shape: ListingShape & { sort: AgentSort }, values: PageValues) =>
    orderBy(narrowedIds(shape, values) as unknown as AgentSelect, shape.sort)
      .select('agents.id')
      .limit(values.limit)
      .offset(values.offset),
  );
  const listingCount = preparedQuery(k, (shape: ListingShape, values: ListingValues) =>
    narrowedIds(shape, values).select((eb) => eb.fn.countAll<number>().as('count')),
  );
  // One prepared query per number of ids (a search page has at most the page size).
  const cardsByIds = preparedQuery(k, (count: number, values: Record<string, number>) =>
    filtered({})
      .where(
        'agents.id',
        'in',
        Array.from({ length: count }, (_, position) => values[`id${position}`]!),
      )
      .select(agentSummaryColumns),
  );
  // The trust summary's parts of a page of agents (every listing card and agent page), one prepared
  // query per number of ids.
  const idList = (count: number, values: Record<string, number>) =>
    Array.from({ length: count }, (_, position) => values[`id${position}`]!);
  const trustEndpoints = preparedQuery(k, (count: number, values: Record<string, number>) =>
    endpointsOf(k, idList(count, values)),
  );
  const trustClaims = preparedQuery(k, (count: number, values: Record<string, number>) =>
    activeClaimsOf(k, idList(count, values)),
  );
  const trustListingEndpoints = preparedQuery(k, (count: number, values: Record<string, number>) =>
    listingEndpointsOf(k, idList(count, values)),
  );
  // Asked before every search, to keep the search index current.
  const latestSearchChange = preparedQuery(k, () =>
    k.selectFrom('agent_search_changes').select((eb) => eb.fn.max('seq').as('seq')),
  );
  const detailById = preparedQuery(k, (_: null, values: { id: number }) =>
    detailQuery(k).where('agents.id', '=', values.id).select(agentDetailColumns),
  );
  const detailBySlug = preparedQuery(k, (_: null, values: { slug: string }) =>
    detailQuery(k).where('agents.slug', '=', values.slug).select(agentDetailColumns),
  );
  const publicationColumns = ['id', 'status', 'rating_count', 'owner_id'] as const;
  const publicationById = preparedQuery(k, (_: null, values: { id: number }) =>
    k.selectFrom('agents').where('id', '=', values.id).select(publicationColumns),
  );
  const publicationBySlug = preparedQuery(k, (_: null, values: { slug: string }) =>
    k.selectFrom('agents').where('slug', '=', values.slug).select(publicationColumns),
  );

  /** Agents whose probed endpoints all answer (up), or of which one fails (down). */
  function idsByHealth(health: NonNullable<ListingFilters['health']>) {
    const failing = k.selectFrom('agent_endpoints').select('agent_id').where('status', 'in', failingStatuses);
    if (health === 'down') return failing;
    return k
      .selectFrom('agent_endpoints')
      .select('agent_id')
      .where('status', 'in', availableStatuses)
      .where('agent_id', 'not in', failing);
  }

  /**
   * Agents with an MCP endpoint whose last probe found it speaking this revision. The probe stores
   * each check as JSON with `version` then `supported` (shared/api/probes.ts protocolCheckSchema,
   * written by JSON.stringify without spaces), so a supported revision reads as this exact text.
   */
  function idsByProtocol(revision: McpRevision) {
    return k
      .selectFrom('agent_endpoints')
      .select('agent_id')
      .where('kind', '=', 'mcp')
      .where('protocols', 'like', `%"version":"${revision}","supported":true%`);
  }

  /** Agents whose MCP endpoint's tools have a finding more severe than `max` (the probe stores the highest). */
  function idsAboveRisk(max: NonNullable<ListingFilters['maxRiskSeverity']>) {
    const order = ['none', 'info', 'warning', 'danger'];
    return k
      .selectFrom('agent_endpoints')
      .select('agent_id')
      .where('kind', '=', 'mcp')
      .where('max_risk_severity', 'in', order.slice(order.indexOf(max) + 1));
  }

  return {
    /** For a search with the risk filter: the agents it leaves out. */
    async findIdsAboveRisk(max: NonNullable<ListingFilters['maxRiskSeverity']>): Promise<Set<number>> {
      const rows = await idsAboveRisk(max).execute();
      return new Set(rows.map((row) => row.agent_id));
    },

    /** For a search with the health filter: the agents it lets through. */
    async findIdsByHealth(health: NonNullable<ListingFilters['health']>): Promise<Set<number>> {
      const rows = await idsByHealth(health).execute();
      return new Set(rows.map((row) => row.agent_id));
    },

    /** For a search with the protocol filter: the agents it lets through. */
    async findIdsByProtocol(revision: McpRevision): Promise<Set<number>> {
      const rows = await idsByProtocol(revision).execute();
      return new Set(rows.map((row) => row.agent_id));
    },

    /**
     * What the trust summaries of these agents are made of: their endpoints' statuses, protocol checks
     * and tool sets, and the methods of their active ownership claims (indexed reads for a page of cards).
     */
    async findTrustParts(agentIds: readonly number[]) {
      if (agentIds.length === 0) return { endpoints: [], claims: [], listingEndpoints: [] };
      const ids = [...agentIds];
      if (ids.length > PREPARED_ID_LISTS) {
        const [endpoints, claims, listingEndpoints] = await Promise.all([
          endpointsOf(k, ids).execute(),
          activeClaimsOf(k, ids).execute(),
          listingEndpointsOf(k, ids).execute(),
        ]);
        return { endpoints, claims, listingEndpoints };
      }
      const values = Object.fromEntries(ids.map((id, position) => [`id${position}`, id]));
      const [endpoints, claims, listingEndpoints] = await Promise.all([
        trustEndpoints.execute(ids.length, values),
        trustClaims.execute(ids.length, values),
        trustListingEndpoints.execute(ids.length, values),
      ]);
      return { endpoints, claims, listingEndpoints };
    },

    /** A listing page's rows (the home page's sections). */
    async findSummaries(options: {
      filters: ListingFilters;
      sort: AgentSort;
      limit: number;
      offset: number;
    }) {
      const { filters, sort, limit, offset } = options;
      return listingPage.execute(
        { ...listingShape(filters), sort },
        { ...listingValues(filters), limit, offset },
      );
    },

    /** Which of these published agents come first in a listing order, after `offset` of them. */
    async findIdsAmong(options: {
      filters: ListingFilters;
      ids: readonly number[];
      sort: AgentSort;
      limit: number;
      offset: number;
    }): Promise<number[]> {
      const query = narrowedIds(listingShape(options.filters), listingValues(options.filters)).where(
        'agents.id',
        'in',
        options.ids.length > 0 ? [...options.ids] : [-1],
      );
      const rows = await orderBy(query as unknown as AgentSelect, options.sort)
        .select('agents.id')
        .limit(options.limit)
        .offset(options.offset)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The listing cards of these published agents, in the order of the ids given. */
    async findSummariesByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await cardsByIds.execute(
        ids.length,
        Object.fromEntries(ids.map((id, position) => [`id${position}`, id])),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Ids of a listing in its order: a page, or a stretch at a time (to order a broad search by something else). */
    async findIdsInOrder(options: {
      filters: ListingFilters;
      sort: AgentSort;
      limit: number;
      offset: number;
    }) {
      const { filters, sort, limit, offset } = options;
      const rows = await listingIds.execute(
        { ...listingShape(filters), sort },
        { ...listingValues(filters), limit, offset },
      );
      return rows.map((row) => row.id);
    },

    /** Counts a filtered listing; only used where no maintained counter answers the question. */
    async countFiltered(filters: ListingFilters) {
      const [row] = await listingCount.execute(listingShape(filters), listingValues(filters));
      return Number(row!.count);
    },

    async findDetail(where: { id: number } | { slug: string }, trx: Executor = k) {
      if (trx !== k) {
        const query = detailQuery(trx);
        const row = await (
          'id' in where
            ? query.where('agents.id', '=', where.id)
            : query.where('agents.slug', '=', where.slug)
        )
          .select(agentDetailColumns)
          .executeTakeFirst();
        return row ?? null;
      }
      const [row] =
        'id' in where ? await detailById.execute(null, where) : await detailBySlug.execute(null, where);
      return row ?? null;
    },

    /** Whether an agent is published, and its number of ratings: what a reviews page needs of it. */
    async findPublication(where: { id: number } | { slug: string }) {
      const [row] =
        'id' in where
          ? await publicationById.execute(null, where)
          : await publicationBySlug.execute(null, where);
      return row ?? null;
    },

    /** The newest published agents in full, newest first (the feeds), optionally of one category. */
    async findNewestDetails(options: { categoryId?: number; limit: number }) {
      let query = detailQuery(k).where('agents.status', '=', 'published');
      if (options.categoryId !== undefined)
        query = query.where('agents.category_id', '=', options.categoryId);
      return query
        .select([...agentDetailColumns, 'agents.published_at'])
        .orderBy('agents.published_at', 'desc')
        .orderBy('agents.id', 'desc')
        .limit(options.limit)
        .execute();
    },

    async findFeatured(limit: number, verifiedOnly: boolean) {
      let query = filtered({ verified: verifiedOnly ? true : undefined }).where('agents.featured', '=', 1);
      query = orderBy(query as AgentSelect, 'rating') as typeof query;
      return query.select(agentSummaryColumns).limit(limit).execute();
    },

    /** Published agents of every category (the categories' maintained counters). */
    async countPublished(trx: Executor = k): Promise<number> {
      const row = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.sum<number>('agent_count').as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },

    /** Whether the agent exists (of any status). */
    async exists(id: number, trx: Executor = k): Promise<boolean> {
      return (
        (await trx.selectFrom('agents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },

    /** Which of these agents exist (of any status). */
    async existingIds(ids: readonly number[], trx: Executor = k): Promise<Set<number>> {
      const found = new Set<number>();
      for (const batch of inBatches([...new Set(ids)])) {
        const rows = await trx.selectFrom('agents').select('id').where('id', 'in', batch).execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    /**
     * Records each visitor's view of an agent on a day, a statement per 500; answers the ones not
     * counted before (a visitor already counted that day is not counted again).
     */
    async recordVisitors(
      views: ReadonlyArray<{ agentId: number; visitorHash: string; day: string }>,
      trx: Executor = k,
    ): Promise<Array<{ agentId: number; day: string }>> {
      const counted: Array<{ agentId: number; day: string }> = [];
      for (const batch of inBatches(views)) {
        const rows = await trx
          .insertInto('agent_views')
          .values(
            batch.map((view) => ({ agent_id: view.agentId, visitor_hash: view.visitorHash, day: view.day })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning(['agent_id', 'day'])
          .execute();
        for (const row of rows) counted.push({ agentId: row.agent_id, day: row.day });
      }
      return counted;
    },

    /**
     * Adds counted views to each agent's day of activity and to its total. The activity rows are written
     * before the agents' rows, as a favorite writes them, so two writers never wait on each other in
     * opposite orders.
     */
    async addViews(
      entries: ReadonlyArray<{ agentId: number; day: string; views: number }>,
      trx: Executor = k,
    ) {
      const byAgentDay = new Map<
        string,
        { agent_id: number; day: string; views: number; favorites: number }
      >();
      for (const entry of entries) {
        const key = `${entry.agentId}:${entry.day}`;
        const row = byAgentDay.get(key) ?? {
          agent_id: entry.agentId,
          day: entry.day,
          views: 0,
          favorites: 0,
        };
        row.views += entry.views;
        byAgentDay.set(key, row);
      }
      const rows = [...byAgentDay.values()].sort((a, b) => a.agent_id - b.agent_id);
      for (const batch of inBatches(rows)) {
        await trx
          .insertInto('agent_activity')
          .values(batch)
          .onConflict((oc) =>
            oc
              .columns(['agent_id', 'day'])
              .doUpdateSet((eb) => ({ views: eb('agent_activity.views', '+', eb.ref('excluded.views')) })),
          )
          .execute();
      }
      const byAgent = new Map<number, number>();
      for (const row of rows) byAgent.set(row.agent_id, (byAgent.get(row.agent_id) ?? 0) + row.views);
      for (const batch of inBatches([...byAgent])) {
        await trx
          .updateTable('agents')
          .set((eb) => ({
            views_count: eb('views_count', '+', valueById(batch, 'integer')),
          }))
          .where(
            'id',
            'in',
            batch.map(([id]) => id),
          )
          .execute();
      }
    },

    async activitySince(agentIds: number[] | 'all-active', sinceDay: string, trx: Executor = k) {
      let query = trx
        .selectFrom('agent_activity')
        .select(['agent_id', 'day', 'views', 'favorites'])
        .where('day', '>=', sinceDay);
      if (agentIds !== 'all-active') query = query.where('agent_id', 'in', agentIds);
      return query.execute();
    },

    /** Sets each agent's trending score, a statement per 500 agents. */
    async setTrendingScores(scores: Map<number, number>, trx: Executor = k) {
      for (const batch of inBatches([...scores])) {
        await trx
          .updateTable('agents')
          .set({ trending_score: valueById(batch, 'double precision') })
          .where(
            'id',
            'in',
            batch.map(([id]) => id),
          )
          .execute();
      }
    },

    async agentIdsWithTrendingScore(trx: Executor = k): Promise<number[]> {
      const rows = await trx.selectFrom('agents').select('id').where('trending_score', '>', 0).execute();
      return rows.map((row) => row.id);
    },

    async deleteViewsBefore(day: string, trx: Executor = k) {
      await trx.deleteFrom('agent_views').where('day', '<', day).execute();
      await trx.deleteFrom('agent_activity').where('day', '<', day).execute();
    },

    /**
     * The searchable fields of published agents: the given ones, or a stretch of every one by id
     * (the search index is built a stretch at a time, to keep the memory it needs small).
     */
    async searchDocuments(which: { ids: readonly number[] } | { afterId: number; limit: number }) {
      let query = k
        .selectFrom('agents')
        .select(['id', 'name', 'tagline', 'description', 'tags', 'category_id', 'pricing', 'verified'])
        .where('status', '=', 'published');
      query =
        'ids' in which
          ? query.where('id', 'in', which.ids.length > 0 ? [...which.ids] : [-1])
          : query.where('id', '>', which.afterId).orderBy('id').limit(which.limit);
      return query.execute();
    },

    /** The number of the newest change to searchable columns (0 when none was noted). */
    async latestSearchChange(): Promise<number> {
      const [row] = await latestSearchChange.execute(null, {});
      return Number(row?.seq ?? 0);
    },

    /** The changes to searchable columns after `seq`, oldest first. */
    async searchChangesSince(seq: number, limit: number) {
      const rows = await k
        .selectFrom('agent_search_changes')
        .select(['seq', 'agent_id'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ seq: Number(row.seq), agentId: row.agent_id }));
    },

    /** Forgets changes up to `seq`: every index has read them or will rebuild. */
    async pruneSearchChanges(seq: number) {
      await k.deleteFrom('agent_search_changes').where('seq', '<=', seq).execute();
    },

    async sitemapEntries() {
      return k
        .selectFrom('agents')
        .select(['slug', 'updated_at'])
        .where('status', '=', 'published')
        .orderBy('id')
        .limit(50_000)
        .execute();
    },
  };
}

export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
