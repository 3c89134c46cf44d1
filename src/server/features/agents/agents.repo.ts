import { sql, type SelectQueryBuilder } from 'kysely';
import type { AgentListQuery, AgentSort } from '../../../shared/api/agents.js';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** A search matches at most this many agents; deeper pages of a broad query are not useful to anyone. */
export const SEARCH_RESULT_CAP = 1000;

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

export type AgentSummaryRow = Awaited<
  ReturnType<ReturnType<typeof createAgentsRepo>['findSummaries']>
>[number];
export type AgentDetailRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAgentsRepo>['findDetail']>>
>;

/** Turns what a person typed into a prefix query: every word must match, the last ones as prefixes. */
export function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

type AgentSelect = SelectQueryBuilder<Database, 'agents' | 'categories', object>;

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

  function filtered(filters: Pick<AgentListQuery, 'verified' | 'pricing'> & { categoryId?: number }) {
    let query = k
      .selectFrom('agents')
      .innerJoin('categories', 'categories.id', 'agents.category_id')
      .where('agents.status', '=', 'published');
    if (filters.categoryId !== undefined) query = query.where('agents.category_id', '=', filters.categoryId);
    if (filters.verified !== undefined) query = query.where('agents.verified', '=', filters.verified ? 1 : 0);
    if (filters.pricing !== undefined) query = query.where('agents.pricing', '=', filters.pricing);
    return query;
  }

  function matching(query: AgentSelect, terms: string[]): AgentSelect {
    if (db.dialect === 'sqlite') {
      const match = terms.map((term) => `"${term}"*`).join(' ');
      return query
        .innerJoin(sql<{ rowid: number }>`agents_fts`.as('agents_fts'), (join) =>
          join.on(sql<boolean>`agents_fts.rowid = agents.id`),
        )
        .where(sql<boolean>`agents_fts MATCH ${match}`) as unknown as AgentSelect;
    }
    const tsQuery = terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
    return query.where(sql<boolean>`agents.search_vector @@ to_tsquery('simple', ${tsQuery})`);
  }

  function byRelevance(query: AgentSelect, terms: string[]): AgentSelect {
    if (db.dialect === 'sqlite') {
      // Column weights: name, tagline, description, tags.
      return query.orderBy(sql`bm25(agents_fts, 10.0, 4.0, 1.0, 6.0)`).orderBy('agents.id', 'desc');
    }
    const tsQuery = terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
    return query
      .orderBy(sql`ts_rank(agents.search_vector, to_tsquery('simple', ${tsQuery}))`, 'desc')
      .orderBy('agents.id', 'desc');
  }

  return {
    async findSummaries(options: {
      filters: Pick<AgentListQuery, 'verified' | 'pricing'> & { categoryId?: number };
      terms?: string[];
      sort?: AgentSort;
      limit: number;
      offset: number;
    }) {
      let query = filtered(options.filters) as AgentSelect;
      const terms = options.terms ?? [];
      if (terms.length > 0) query = matching(query, terms);
      if (options.sort) query = orderBy(query, options.sort);
      else if (terms.length > 0) query = byRelevance(query, terms);
      else query = orderBy(query, 'rating');
      return query.select(agentSummaryColumns).limit(options.limit).offset(options.offset).execute();
    },

    /** Counts matches of a search, stopping at SEARCH_RESULT_CAP. */
    async countMatches(options: {
      filters: Pick<AgentListQuery, 'verified' | 'pricing'> & { categoryId?: number };
      terms: string[];
    }): Promise<number> {
      const inner = matching(filtered(options.filters) as AgentSelect, options.terms)
        .select(sql<number>`1`.as('one'))
        .limit(SEARCH_RESULT_CAP);
      const row = await k
        .selectFrom(inner.as('matches'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Counts a filtered listing; only used where no maintained counter answers the question. */
    async countFiltered(filters: Pick<AgentListQuery, 'verified' | 'pricing'> & { categoryId?: number }) {
      const row = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findDetail(where: { id: number } | { slug: string }, trx: Executor = k) {
      let query = trx
        .selectFrom('agents')
        .innerJoin('categories', 'categories.id', 'agents.category_id')
        .leftJoin('users', 'users.id', 'agents.owner_id');
      query =
        'id' in where ? query.where('agents.id', '=', where.id) : query.where('agents.slug', '=', where.slug);
      const row = await query
        .select([
          ...agentSummaryColumns,
          'agents.description',
          'agents.website_url',
          'agents.repo_url',
          'agents.docs_url',
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
        ])
        .executeTakeFirst();
      return row ?? null;
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

    async addViews(agentId: number, day: string, views: number, trx: Executor = k) {
      await trx
        .updateTable('agents')
        .set((eb) => ({ views_count: eb('views_count', '+', views) }))
        .where('id', '=', agentId)
        .execute();
      await trx
        .insertInto('agent_activity')
        .values({ agent_id: agentId, day, views, favorites: 0 })
        .onConflict((oc) =>
          oc
            .columns(['agent_id', 'day'])
            .doUpdateSet((eb) => ({ views: eb('agent_activity.views', '+', views) })),
        )
        .execute();
    },

    /** Records one visitor's view of an agent on a day; false when that visitor was already counted. */
    async recordVisitor(
      agentId: number,
      visitorHash: string,
      day: string,
      trx: Executor = k,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('agent_views')
        .values({ agent_id: agentId, visitor_hash: visitorHash, day })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async activitySince(agentIds: number[] | 'all-active', sinceDay: string, trx: Executor = k) {
      let query = trx
        .selectFrom('agent_activity')
        .select(['agent_id', 'day', 'views', 'favorites'])
        .where('day', '>=', sinceDay);
      if (agentIds !== 'all-active') query = query.where('agent_id', 'in', agentIds);
      return query.execute();
    },

    async setTrendingScores(scores: Map<number, number>, trx: Executor = k) {
      for (const [agentId, score] of scores) {
        await trx.updateTable('agents').set({ trending_score: score }).where('id', '=', agentId).execute();
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

    /** Every indexed word with the number of agents it appears in (for spelling suggestions). */
    async searchVocabulary(): Promise<Map<string, number>> {
      const rows =
        db.dialect === 'sqlite'
          ? (await sql<{ term: string; doc: number }>`SELECT term, doc FROM agents_fts_vocab`.execute(k)).rows
          : (
              await sql<{ term: string; doc: number }>`
                SELECT word AS term, ndoc AS doc FROM ts_stat('SELECT search_vector FROM agents WHERE status = ''published''')
              `.execute(k)
            ).rows;
      return new Map(rows.map((row) => [row.term, Number(row.doc)]));
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
