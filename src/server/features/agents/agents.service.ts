import type {
  AgentDetail,
  AgentSummary,
  AgentListQuery,
  AgentListResponse,
  AgentSort,
  AgentTrust,
  AgentViewer,
  HomeResponse,
} from '../../../shared/api/agents.js';
import type { Db, Executor } from '../../db/database.js';
import type { SerializedJson } from '../../lib/serialized-json.js';
import { daysAgo, utcDay } from '../../lib/time.js';
import { TRENDING_WINDOW_DAYS, trendingScore } from '../../../shared/rules/trending.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import type { ReputationRepo } from '../reviews/reputation.repo.js';
import type { ReviewsRepo } from '../reviews/reviews.repo.js';
import { agentListJson, type ListingParts, type ReadOptions } from './listing-parts.js';
import { NO_TRUST, presentAgentDetail, presentAgentSummary, presentTrust } from './agents.presenter.js';
import { SEARCH_RESULT_CAP, type AgentSearch } from './agent-search.js';
import type { AgentDetailRow, AgentsRepo, AgentSummaryRow, ListingFilters } from './agents.repo.js';
import { searchTerms, type SearchFilters, type SearchIndex } from './search-index.js';
import { closestWord } from './spelling.js';
import { parseAgentRef, type AgentLookup } from './agent-lookup.js';
import { authorizeAgent, type AgentAccess } from '../../policies/index.js';

export interface AgentsServiceDeps {
  db: Db;
  agents: AgentsRepo;
  categories: CategoriesRepo;
  reviews: ReviewsRepo;
  reputation: ReputationRepo;
  search: AgentSearch;
  listingParts: ListingParts;
}

/** A listing or search answer, with the agents it shows (what its cache entry depends on). */
export interface AgentListing {
  json: SerializedJson<AgentListResponse>;
  agentIds: readonly number[];
}

/** Replaces misspelt words by the closest indexed ones; null when there is nothing to correct. */
function correctedTerms(index: SearchIndex, terms: readonly string[]): string[] | null {
  let changed = false;
  const corrected = terms.map((term, position) => {
    // The last word may be half typed: leave it alone when some indexed word starts with it.
    if (position === terms.length - 1 && index.hasTermStartingWith(term)) return term;
    const closest = closestWord(term, index.vocabulary());
    if (closest) changed = true;
    return closest ?? term;
  });
  return changed ? corrected : null;
}

/**
 * A search's words as typed or, when they match nothing, as the index spells them, with the
 * matches found by `find` and the correction shown to the person ("did you mean").
 */
function withTypoTolerance<R extends { total: number }>(
  index: SearchIndex,
  terms: string[],
  find: (words: readonly string[]) => R,
): { result: R; didYouMean?: string } {
  const result = find(terms);
  if (result.total > 0) return { result };
  const corrected = correctedTerms(index, terms);
  if (!corrected) return { result };
  const retried = find(corrected);
  return retried.total > 0 ? { result: retried, didYouMean: corrected.join(' ') } : { result };
}

/** A search ordered by something else than relevance reads at most this many matches by id. */
const SORTED_MATCHES_BY_ID_MAX = 1000;

/**
 * A page of a search's matches in a listing order. Few matches are ordered by the database; many
 * are found by walking the listing in its order (its index) and keeping the matches, a stretch sized
 * by how many of the listing match.
 */
async function sortedMatchesPage(
  deps: AgentsServiceDeps,
  options: { filters: ListingFilters; sort: AgentSort; matchIds: Int32Array; indexSize: number },
  page: { offset: number; limit: number },
): Promise<number[]> {
  const { filters, sort, matchIds } = options;
  if (matchIds.length <= SORTED_MATCHES_BY_ID_MAX)
    return deps.agents.findIdsAmong({ filters, ids: Array.from(matchIds), sort, ...page });
  let maxId = 0;
  for (const id of matchIds) maxId = Math.max(maxId, id);
  const isMatch = new Uint8Array(maxId + 1);
  for (const id of matchIds) isMatch[id] = 1;
  const share = matchIds.length / Math.max(options.indexSize, 1);
  const stretch = Math.min(10_000, Math.max(100, Math.ceil(((page.offset + page.limit) / share) * 1.25)));
  const wanted: number[] = [];
  let toSkip = page.offset;
  for (let at = 0; wanted.length < page.limit; at += stretch) {
    const ids = await deps.agents.findIdsInOrder({ filters, sort, limit: stretch, offset: at });
    for (const id of ids) {
      if (!isMatch[id]) continue;
      if (toSkip > 0) toSkip -= 1;
      else if (wanted.push(id) === page.limit) break;
    }
    if (ids.length < stretch) break;
  }
  return wanted;
}

/** The trust summaries of these agents, by id (an agent nothing was probed or claimed of has NO_TRUST). */
export async function findTrust(
  deps: { agents: AgentsRepo },
  agentIds: readonly number[],
): Promise<(agentId: number) => AgentTrust> {
  const trust = presentTrust(await deps.agents.findTrustParts(agentIds));
  return (agentId) => trust.get(agentId) ?? NO_TRUST;
}

/** Listing cards of these rows, each with its trust summary. */
export async function presentSummaries(
  deps: { agents: AgentsRepo },
  rows: readonly AgentSummaryRow[],
): Promise<AgentSummary[]> {
  const trustOf = await findTrust(deps, [...new Set(rows.map((row) => row.id))]);
  return rows.map((row) => presentAgentSummary(row, trustOf(row.id)));
}

/** GET /api/agents?q=: the published agents matching every word, best first or in the order asked. */
async function searchAgents(
  deps: AgentsServiceDeps,
  query: AgentListQuery,
  filters: ListingFilters & SearchFilters,
  terms: string[],
  read: ReadOptions,
): Promise<AgentListing> {
  const index = await deps.search.current();
  // Filters the index does not hold narrow the search to the agents they let through.
  const allowed = await Promise.all([
    filters.health !== undefined ? deps.agents.findIdsByHealth(filters.health) : undefined,
    filters.protocol !== undefined ? deps.agents.findIdsByProtocol(filters.protocol) : undefined,
    filters.maxRiskSeverity !== undefined ? deps.agents.findIdsAboveRisk(filters.maxRiskSeverity) : undefined,
  ]);
  const [byHealth, byProtocol, aboveRisk] = allowed;
  if (aboveRisk) filters = { ...filters, excludedIds: aboveRisk };
  if (byHealth && byProtocol)
    filters = { ...filters, agentIds: new Set([...byHealth].filter((id) => byProtocol.has(id))) };
  else if (byHealth ?? byProtocol) filters = { ...filters, agentIds: byHealth ?? byProtocol };
  const offset = (query.page - 1) * query.limit;
  const page = { offset, limit: Math.max(0, Math.min(query.limit, SEARCH_RESULT_CAP - offset)) };
  let total: number;
  let agentIds: readonly number[];
  let didYouMean: string | undefined;
  if (query.sort) {
    const found = withTypoTolerance(index, terms, (words) => {
      const matchIds = index.match(words, filters);
      return { total: matchIds.length, matchIds };
    });
    ({ didYouMean } = found);
    total = found.result.total;
    const reachable = Math.min(total, SEARCH_RESULT_CAP);
    agentIds =
      offset < reachable
        ? await sortedMatchesPage(
            deps,
            { filters, sort: query.sort, matchIds: found.result.matchIds, indexSize: index.size },
            page,
          )
        : [];
  } else {
    const found = withTypoTolerance(index, terms, (words) =>
      index.rank(words, filters, { ...page, cap: SEARCH_RESULT_CAP }),
    );
    ({ didYouMean } = found);
    total = found.result.total;
    agentIds = found.result.agentIds;
  }
  // Counted up to the cap, as far as anyone can page.
  const reachable = Math.min(total, SEARCH_RESULT_CAP);
  const json = agentListJson(await deps.listingParts.cards(agentIds, read), {
    totalCount: reachable,
    totalPages: Math.ceil(reachable / query.limit),
    currentPage: query.page,
    ...(didYouMean ? { didYouMean } : {}),
  });
  return { json, agentIds };
}

const HOME_SECTION_SIZE = 8;

/** The order listAgents answers in: the one asked for, else relevance for a search, else rating. */
export function listingOrder(query: Pick<AgentListQuery, 'sort' | 'q'>): AgentSort | 'relevance' {
  if (query.sort) return query.sort;
  return query.q && searchTerms(query.q).length > 0 ? 'relevance' : 'rating';
}

/** GET /api/agents: filters, search and sort over published agents. */
export async function listAgents(
  deps: AgentsServiceDeps,
  query: AgentListQuery,
  read: ReadOptions = { fresh: false },
): Promise<AgentListing> {
  let categoryId: number | undefined;
  let categoryCount: number | undefined;
  if (query.category) {
    const category = await deps.listingParts.category(query.category, read);
    if (!category) {
      const json = agentListJson([], { totalCount: 0, totalPages: 0, currentPage: query.page });
      return { json, agentIds: [] };
    }
    categoryId = category.id;
    categoryCount = category.agentCount;
  }
  const filters = {
    categoryId,
    verified: query.verified,
    pricing: query.pricing,
    health: query.health,
    protocol: query.protocol,
    maxRiskSeverity: query.maxRiskSeverity,
  };
  const terms = query.q ? searchTerms(query.q) : [];
  if (terms.length > 0) return searchAgents(deps, query, filters, terms, read);

  const totalCount =
    query.verified === undefined &&
    query.pricing === undefined &&
    query.health === undefined &&
    query.protocol === undefined &&
    query.maxRiskSeverity === undefined
      ? (categoryCount ?? (await deps.agents.countPublished()))
      : await deps.listingParts.count(filters, read);
  const offset = (query.page - 1) * query.limit;
  const agentIds =
    offset < totalCount
      ? await deps.listingParts.pageIds(
          filters,
          { sort: query.sort ?? 'rating', categorySlug: query.category },
          { offset, limit: query.limit },
          read,
        )
      : [];
  const json = agentListJson(await deps.listingParts.cards(agentIds, read), {
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    currentPage: query.page,
  });
  return { json, agentIds };
}

/**
 * The one rule for every public read or write on an agent (the policy's `read`): only a published
 * agent exists; anything else is 404 "Agent not found". The path names it by id or slug (parseAgentRef).
 */
async function publishedOr404<Row extends AgentAccess>(
  idOrSlug: number | string,
  find: (lookup: AgentLookup) => Promise<Row | null>,
): Promise<Row> {
  const lookup = parseAgentRef(idOrSlug);
  return authorizeAgent(null, 'read', lookup && (await find(lookup)));
}

/** A published agent in full, by id or slug, or 404. */
export async function findPublishedAgentOr404(
  deps: { agents: AgentsRepo },
  idOrSlug: number | string,
): Promise<AgentDetailRow> {
  return publishedOr404(idOrSlug, (lookup) => deps.agents.findDetail(lookup));
}

/** The same rule, reading only the agent's id, number of ratings and owner (its reviews page, its views, its viewer). */
export async function findPublishedRatingsOr404(
  deps: { agents: AgentsRepo },
  idOrSlug: number | string,
): Promise<{ id: number; rating_count: number; owner_id: number | null }> {
  return publishedOr404(idOrSlug, (lookup) => deps.agents.findPublication(lookup));
}

/** GET /api/agents/{idOrSlug}: numeric values are ids, anything else a slug. Only published agents are public. */
export async function getAgent(deps: AgentsServiceDeps, idOrSlug: string): Promise<AgentDetail> {
  const row = await findPublishedAgentOr404(deps, idOrSlug);
  const trustOf = await findTrust(deps, [row.id]);
  return presentAgentDetail(row, trustOf(row.id));
}

/** What a signed-in person sees on an agent's detail besides everyone's: whether they own it, which review is theirs. */
export async function getAgentViewer(
  deps: AgentsServiceDeps,
  idOrSlug: string,
  userId: number,
): Promise<AgentViewer> {
  const agent = await findPublishedRatingsOr404(deps, idOrSlug);
  const reviewId = await deps.reviews.findIdByAuthor(agent.id, userId);
  return { isOwner: agent.owner_id === userId, reviewId };
}

export async function getHome(
  deps: AgentsServiceDeps,
  options: { verifiedOnly: boolean },
): Promise<HomeResponse> {
  const filters = { verified: options.verifiedOnly ? true : undefined };
  const section = (sort: 'rating' | 'trending' | 'newest') =>
    deps.agents.findSummaries({ filters, sort, limit: HOME_SECTION_SIZE, offset: 0 });
  const [featured, topRated, trending, newest, categories, agentsCount, ratingsCount] = await Promise.all([
    deps.agents.findFeatured(6, options.verifiedOnly),
    section('rating'),
    section('trending'),
    section('newest'),
    deps.categories.findAll(),
    options.verifiedOnly ? deps.agents.countFiltered(filters) : deps.agents.countPublished(),
    deps.reputation.countRatings(),
  ]);
  const shownFeatured = featured.length > 0 ? featured : topRated.slice(0, 6);
  const trustOf = await findTrust(deps, [
    ...new Set([shownFeatured, topRated, trending, newest].flat().map((row) => row.id)),
  ]);
  const present = (rows: AgentSummaryRow[]) => rows.map((row) => presentAgentSummary(row, trustOf(row.id)));
  return {
    featured: present(shownFeatured),
    topRated: present(topRated),
    trending: present(trending),
    newest: present(newest),
    stats: { agents: agentsCount, reviews: ratingsCount, categories: categories.length },
  };
}

/** Recomputes trending scores for the given agents (or every agent with recent activity or a score). */
export async function refreshTrending(deps: AgentsServiceDeps, agentIds?: number[], now = Date.now()) {
  await deps.db.kysely.transaction().execute((trx) => updateTrendingScores(deps, trx, agentIds, now));
}

/**
 * refreshTrending's work inside a transaction of the caller's, so a write that moves an agent's
 * activity (a view flush) moves its score in the same commit.
 */
export async function updateTrendingScores(
  deps: AgentsServiceDeps,
  trx: Executor,
  agentIds?: number[],
  now = Date.now(),
) {
  await deps.agents.setTrendingScores(await trendingScoresOf(deps, trx, agentIds, now), trx);
  if (!agentIds) await deps.agents.deleteViewsBefore(daysAgo(TRENDING_WINDOW_DAYS + 1, now), trx);
}

/**
 * The trending scores of these agents (or of every agent with recent activity or a score) from their
 * activity as `trx` sees it, for a caller that writes them with its own change to the agents' rows.
 */
async function trendingScoresOf(
  deps: { agents: AgentsRepo },
  trx: Executor,
  agentIds?: number[],
  now = Date.now(),
): Promise<Map<number, number>> {
  const today = utcDay(now);
  const since = daysAgo(TRENDING_WINDOW_DAYS - 1, now);
  const activity = await deps.agents.activitySince(agentIds ?? 'all-active', since, trx);
  const ids = new Set(agentIds ?? (await deps.agents.agentIdsWithTrendingScore(trx)));
  const byAgent = new Map<number, typeof activity>();
  for (const entry of activity) {
    ids.add(entry.agent_id);
    byAgent.set(entry.agent_id, [...(byAgent.get(entry.agent_id) ?? []), entry]);
  }
  const scores = new Map<number, number>();
  for (const id of ids) scores.set(id, trendingScore(byAgent.get(id) ?? [], today));
  return scores;
}
