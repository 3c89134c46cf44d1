import { sql } from 'kysely';
import type { AgentStatus } from '../../../shared/catalogue.js';
import { inBatches } from '../../db/batches.js';
import type { Db, Executor } from '../../db/database.js';

export interface MetricsAgentRow {
  id: number;
  slug: string;
  name: string;
}

export interface ScoreAgentRow {
  id: number;
  slug: string;
  name: string;
  ownerId: number | null;
  status: AgentStatus;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  logoUrl: string | null;
  logoFileId: number | null;
  docsUrl: string | null;
  tags: string;
  verified: boolean;
  reputationScore: number;
  weightedRatingSum: number;
  weightTotal: number;
  ratingCount: number;
}

const CHUNK = 500;

/** Owners' figures: the daily aggregates, search terms, click de-duplication and rank snapshots. */
/** Rows of `table` created per agent and day between two days (inclusive), counted by created_at. */
async function dailyCounts(
  table: 'favorites' | 'reviews',
  agentIds: number[],
  fromDay: string,
  toDay: string,
  trx: Executor,
) {
  if (agentIds.length === 0) return [];
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await trx
    .selectFrom(table)
    .select(['agent_id', day.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('agent_id', 'in', agentIds)
    .where('created_at', '>=', fromDay)
    .where('created_at', '<', `${toDay}~`)
    .groupBy(['agent_id', day])
    .execute();
  return rows.map((row) => ({ agentId: row.agent_id, day: row.day, count: Number(row.count) }));
}

export function createMetricsRepo(db: Db) {
  const k = db.kysely;

  /** Adds to each agent's daily figures, a multi-row statement per 500 (the same figure twice is summed first). */
  async function addMetrics(
    entries: ReadonlyArray<{ agentId: number; day: string; metric: string; value: number }>,
    trx: Executor = k,
  ) {
    const rows = new Map<string, { agent_id: number; day: string; metric: string; value: number }>();
    for (const entry of entries) {
      const key = `${entry.agentId}:${entry.day}:${entry.metric}`;
      const row = rows.get(key) ?? {
        agent_id: entry.agentId,
        day: entry.day,
        metric: entry.metric,
        value: 0,
      };
      row.value += entry.value;
      rows.set(key, row);
    }
    for (const batch of inBatches([...rows.values()])) {
      await trx
        .insertInto('agent_metrics_daily')
        .values(batch)
        .onConflict((oc) =>
          oc
            .columns(['agent_id', 'day', 'metric'])
            .doUpdateSet((eb) => ({ value: eb('agent_metrics_daily.value', '+', eb.ref('excluded.value')) })),
        )
        .execute();
    }
  }

  return {
    addMetrics,

    /** The ids among `ids` of published agents. */
    async publishedIds(ids: number[], trx: Executor = k): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await trx
        .selectFrom('agents')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'published')
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Records one visitor's click on a target; false when it was already counted that day. */
    /** Records each visitor's click on a day; answers the ones not counted before. */
    async recordClickVisitors(
      clicks: ReadonlyArray<{ agentId: number; visitorHash: string; target: string; day: string }>,
      trx: Executor = k,
    ): Promise<Array<{ agentId: number; target: string; day: string }>> {
      const fresh: Array<{ agentId: number; target: string; day: string }> = [];
      for (const batch of inBatches(clicks)) {
        const rows = await trx
          .insertInto('agent_click_visitors')
          .values(
            batch.map((click) => ({
              agent_id: click.agentId,
              visitor_hash: click.visitorHash,
              target: click.target,
              day: click.day,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning(['agent_id', 'target', 'day'])
          .execute();
        for (const row of rows) fresh.push({ agentId: row.agent_id, target: row.target, day: row.day });
      }
      return fresh;
    },

    /** Adds search impressions and clicks to each agent's daily terms, a multi-row statement per 500. */
    async addSearchTerms(
      entries: ReadonlyArray<{
        agentId: number;
        day: string;
        term: string;
        impressions: number;
        clicks: number;
      }>,
      trx: Executor = k,
    ) {
      for (const batch of inBatches(entries)) {
        await trx
          .insertInto('agent_search_terms_daily')
          .values(
            batch.map((entry) => ({
              agent_id: entry.agentId,
              day: entry.day,
              term: entry.term,
              impressions: entry.impressions,
              clicks: entry.clicks,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['agent_id', 'day', 'term']).doUpdateSet((eb) => ({
              impressions: eb('agent_search_terms_daily.impressions', '+', eb.ref('excluded.impressions')),
              clicks: eb('agent_search_terms_daily.clicks', '+', eb.ref('excluded.clicks')),
            })),
          )
          .execute();
      }
    },

    async deleteClickVisitorsBefore(day: string, trx: Executor = k) {
      await trx.deleteFrom('agent_click_visitors').where('day', '<', day).execute();
    },

    async hasRankSnapshot(day: string, trx: Executor = k): Promise<boolean> {
      const row = await trx
        .selectFrom('agent_metrics_daily')
        .select('agent_id')
        .where('day', '=', day)
        .where('metric', '=', 'rank')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The ids of every category, for the rank snapshot's walk (metrics-recorder.ts). */
    async categoryIds(trx: Executor = k): Promise<number[]> {
      const rows = await trx.selectFrom('categories').select('id').orderBy('id').execute();
      return rows.map((row) => row.id);
    },

    /**
     * A page of a category's published agents in its ranking order (the "rating" sort), after the
     * agent `after` of the page before (a keyset: the order's index finds where the page starts).
     */
    async rankingPage(
      categoryId: number,
      after: { score: number; id: number } | null,
      limit: number,
      trx: Executor = k,
    ): Promise<Array<{ id: number; score: number; owned: boolean }>> {
      let query = trx
        .selectFrom('agents')
        .select(['id', 'reputation_score', 'owner_id'])
        .where('status', '=', 'published')
        .where('category_id', '=', categoryId);
      if (after)
        query = query.where((eb) =>
          eb(eb.refTuple('reputation_score', 'id'), '<', eb.tuple(after.score, after.id)),
        );
      const rows = await query
        .orderBy('reputation_score', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, score: row.reputation_score, owned: row.owner_id !== null }));
    },

    /** Writes (or overwrites) the day's rank of each agent, in multi-row statements. */
    async writeRanks(day: string, ranks: Array<{ agentId: number; rank: number }>, trx: Executor = k) {
      for (let start = 0; start < ranks.length; start += CHUNK) {
        const values = ranks
          .slice(start, start + CHUNK)
          .map((entry) => ({ agent_id: entry.agentId, day, metric: 'rank', value: entry.rank }));
        await trx
          .insertInto('agent_metrics_daily')
          .values(values)
          .onConflict((oc) =>
            oc
              .columns(['agent_id', 'day', 'metric'])
              .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
          )
          .execute();
      }
    },

    /** The owner's agents (any status), or every agent when `ownerId` is null; optionally one agent. */
    async listAgents(
      ownerId: number | null,
      agentId?: number,
      trx: Executor = k,
    ): Promise<MetricsAgentRow[]> {
      let query = trx.selectFrom('agents').select(['id', 'slug', 'name']);
      if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
      if (agentId !== undefined) query = query.where('id', '=', agentId);
      return query.orderBy('name').orderBy('id').execute();
    },

    /** The agents' stored rows between two days (inclusive), without rank. */
    async dailyRows(agentIds: number[], fromDay: string, toDay: string, trx: Executor = k) {
      if (agentIds.length === 0) return [];
      const rows = await trx
        .selectFrom('agent_metrics_daily')
        .select(['agent_id', 'day', 'metric', 'value'])
        .where('agent_id', 'in', agentIds)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .where('metric', '<>', 'rank')
        .execute();
      return rows.map((row) => ({
        agentId: row.agent_id,
        day: row.day,
        metric: row.metric,
        value: Number(row.value),
      }));
    },

    /** Favorites added per agent and day between two days (inclusive), from the favorites table. */
    dailyFavorites(agentIds: number[], fromDay: string, toDay: string, trx: Executor = k) {
      return dailyCounts('favorites', agentIds, fromDay, toDay, trx);
    },

    /** Reviews added per agent and day between two days (inclusive), from the reviews table. */
    dailyReviews(agentIds: number[], fromDay: string, toDay: string, trx: Executor = k) {
      return dailyCounts('reviews', agentIds, fromDay, toDay, trx);
    },

    async searchTerms(agentId: number, fromDay: string, toDay: string, limit: number, trx: Executor = k) {
      const rows = await trx
        .selectFrom('agent_search_terms_daily')
        .select((eb) => [
          'term',
          eb.fn.sum<number | string>('impressions').as('impressions'),
          eb.fn.sum<number | string>('clicks').as('clicks'),
        ])
        .where('agent_id', '=', agentId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy('term')
        .orderBy('impressions', 'desc')
        .orderBy('term')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        term: row.term,
        impressions: Number(row.impressions),
        clicks: Number(row.clicks),
      }));
    },

    async findScoreAgent(agentId: number, trx: Executor = k): Promise<ScoreAgentRow | null> {
      const row = await trx
        .selectFrom('agents')
        .innerJoin('categories', 'categories.id', 'agents.category_id')
        .select([
          'agents.id',
          'agents.slug',
          'agents.name',
          'agents.owner_id',
          'agents.status',
          'agents.category_id',
          'categories.name as category_name',
          'categories.slug as category_slug',
          'agents.logo_url',
          'agents.logo_file_id',
          'agents.docs_url',
          'agents.tags',
          'agents.verified',
          'agents.reputation_score',
          'agents.weighted_rating_sum',
          'agents.weight_total',
          'agents.rating_count',
        ])
        .where('agents.id', '=', agentId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        ownerId: row.owner_id,
        status: row.status,
        categoryId: row.category_id,
        categoryName: row.category_name,
        categorySlug: row.category_slug,
        logoUrl: row.logo_url,
        logoFileId: row.logo_file_id,
        docsUrl: row.docs_url,
        tags: row.tags,
        verified: row.verified === 1,
        reputationScore: Number(row.reputation_score),
        weightedRatingSum: Number(row.weighted_rating_sum),
        weightTotal: Number(row.weight_total),
        ratingCount: Number(row.rating_count),
      };
    },

    async meanSnapshot(trx: Executor = k): Promise<number> {
      const row = await trx
        .selectFrom('site_stats')
        .select('mean_snapshot')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row ? Number(row.mean_snapshot) : 3.5;
    },

    /** The agent's position in its category's "rating" order and the number of published agents there. */
    async categoryRank(
      agent: { id: number; categoryId: number; reputationScore: number },
      trx: Executor = k,
    ): Promise<{ ahead: number; of: number }> {
      const row = await trx
        .selectFrom('agents')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('of'),
          eb.fn
            .sum<number | string>(
              eb
                .case()
                .when(
                  eb.or([
                    eb('reputation_score', '>', agent.reputationScore),
                    eb.and([eb('reputation_score', '=', agent.reputationScore), eb('id', '>', agent.id)]),
                  ]),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as('ahead'),
        ])
        .where('category_id', '=', agent.categoryId)
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow();
      return { ahead: Number(row.ahead ?? 0), of: Number(row.of) };
    },

    /** Reviews on the agent without an owner's reply (the owner's own excluded). */
    async unansweredReviews(agentId: number, ownerId: number | null, trx: Executor = k): Promise<number> {
      let query = trx
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('agent_id', '=', agentId)
        .where('owner_reply', 'is', null);
      if (ownerId !== null) query = query.where('user_id', '<>', ownerId);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every rating of the agent with its day, oldest first (for the rating over time). */
    async ratingsByDay(agentId: number, trx: Executor = k) {
      const rows = await trx
        .selectFrom('reviews')
        .select(['rating', 'created_at'])
        .where('agent_id', '=', agentId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({ rating: row.rating, day: row.created_at.slice(0, 10) }));
    },

    async rankSeries(agentId: number, fromDay: string, toDay: string, trx: Executor = k) {
      return trx
        .selectFrom('agent_metrics_daily')
        .select(['day', 'value'])
        .where('agent_id', '=', agentId)
        .where('metric', '=', 'rank')
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute();
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
