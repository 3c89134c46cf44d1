import { ROW_ID_MAX } from '../../../shared/limits.js';
import type {
  AgentDetail,
  AgentListQuery,
  AgentListResponse,
  HomeResponse,
} from '../../../shared/api/agents.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { daysAgo, utcDay } from '../../lib/time.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import type { ReputationRepo } from '../reviews/reputation.repo.js';
import type { ReviewsRepo } from '../reviews/reviews.repo.js';
import { presentAgentDetail, presentAgentSummary } from './agents.presenter.js';
import { SEARCH_RESULT_CAP, searchTerms, type AgentDetailRow, type AgentsRepo } from './agents.repo.js';
import { closestWord } from './spelling.js';

export interface AgentsServiceDeps {
  db: Db;
  agents: AgentsRepo;
  categories: CategoriesRepo;
  reviews: ReviewsRepo;
  reputation: ReputationRepo;
  vocabulary: SearchVocabulary;
}

const VOCABULARY_TTL_MS = 10 * 60 * 1000;

/** The indexed words, loaded when a search first finds nothing and kept for ten minutes. */
export class SearchVocabulary {
  private words: Map<string, number> | undefined;
  private loadedAt = 0;
  private loading: Promise<Map<string, number>> | undefined;

  constructor(private readonly load: () => Promise<Map<string, number>>) {}

  async get(): Promise<Map<string, number>> {
    if (this.words && Date.now() - this.loadedAt < VOCABULARY_TTL_MS) return this.words;
    this.loading ??= this.load().then((words) => {
      this.words = words;
      this.loadedAt = Date.now();
      this.loading = undefined;
      return words;
    });
    return this.loading;
  }

  /** Forgets the loaded words, so the next search that needs them sees a listing published since. */
  invalidate(): void {
    this.words = undefined;
    this.loading = undefined;
  }
}

/** Replaces misspelt words by the closest indexed ones; null when there is nothing to correct. */
async function correctedTerms(deps: AgentsServiceDeps, terms: string[]): Promise<string[] | null> {
  const vocabulary = await deps.vocabulary.get();
  let changed = false;
  const corrected = terms.map((term, index) => {
    // The last word may be half typed: leave it alone when some indexed word starts with it.
    if (index === terms.length - 1 && [...vocabulary.keys()].some((word) => word.startsWith(term)))
      return term;
    const closest = closestWord(term, vocabulary);
    if (closest) changed = true;
    return closest ?? term;
  });
  return changed ? corrected : null;
}

const HOME_SECTION_SIZE = 8;
const TRENDING_WINDOW_DAYS = 7;
const TRENDING_HALF_LIFE_DAYS = 3;
const FAVORITE_WEIGHT = 3;

/** GET /api/agents: filters, search and sort over published agents. */
export async function listAgents(deps: AgentsServiceDeps, query: AgentListQuery): Promise<AgentListResponse> {
  const empty = { agents: [], totalCount: 0, totalPages: 0, currentPage: query.page };
  let categoryId: number | undefined;
  let categoryCount: number | undefined;
  if (query.category) {
    const category = await deps.categories.findBySlug(query.category);
    if (!category) return empty;
    categoryId = category.id;
    categoryCount = category.agent_count;
  }
  const filters = { categoryId, verified: query.verified, pricing: query.pricing };
  const terms = query.q ? searchTerms(query.q) : [];
  const offset = (query.page - 1) * query.limit;

  let totalCount: number;
  let didYouMean: string | undefined;
  if (terms.length > 0) {
    totalCount = await deps.agents.countMatches({ filters, terms });
    if (totalCount === 0) {
      // Typo tolerance: no match at all, so try the closest indexed spelling of each word.
      const corrected = await correctedTerms(deps, terms);
      if (corrected) {
        const count = await deps.agents.countMatches({ filters, terms: corrected });
        if (count > 0) {
          terms.splice(0, terms.length, ...corrected);
          totalCount = count;
          didYouMean = corrected.join(' ');
        }
      }
    }
  } else if (query.verified === undefined && query.pricing === undefined)
    totalCount = categoryCount ?? (await deps.agents.countPublished());
  else totalCount = await deps.agents.countFiltered(filters);

  const reachable = terms.length > 0 ? Math.min(totalCount, SEARCH_RESULT_CAP) : totalCount;
  const rows =
    offset < reachable
      ? await deps.agents.findSummaries({ filters, terms, sort: query.sort, limit: query.limit, offset })
      : [];
  return {
    agents: rows.map(presentAgentSummary),
    totalCount,
    totalPages: Math.ceil(reachable / query.limit),
    currentPage: query.page,
    ...(didYouMean ? { didYouMean } : {}),
  };
}

/**
 * The one rule for every public read or write on an agent: only a published agent exists; anything
 * else is 404 "Agent not found". A number is an id; a string of digits is an id too, any other string
 * a slug (case-insensitive).
 */
export async function findPublishedAgentOr404(
  deps: { agents: AgentsRepo },
  idOrSlug: number | string,
): Promise<AgentDetailRow> {
  const where =
    typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)
      ? { id: Number(idOrSlug) }
      : { slug: idOrSlug.toLowerCase() };
  // No row has an id past the 32-bit column's range; PostgreSQL would refuse the query itself.
  if (where.id !== undefined && !(where.id <= ROW_ID_MAX)) throw notFound('Agent not found');
  const row = await deps.agents.findDetail(where);
  if (!row || row.status !== 'published') throw notFound('Agent not found');
  return row;
}

/** GET /api/agents/{idOrSlug}: numeric values are ids, anything else a slug. Only published agents are public. */
export async function getAgent(deps: AgentsServiceDeps, idOrSlug: string): Promise<AgentDetail> {
  return presentAgentDetail(await findPublishedAgentOr404(deps, idOrSlug));
}

/** The detail as a signed-in person sees it: with whether they own it and which review is theirs. */
export async function getAgentForViewer(
  deps: AgentsServiceDeps,
  idOrSlug: string,
  userId: number,
): Promise<AgentDetail> {
  const row = await findPublishedAgentOr404(deps, idOrSlug);
  const reviewId = await deps.reviews.findIdByAuthor(row.id, userId);
  return {
    ...presentAgentDetail(row),
    viewer: { isOwner: row.owner_id === userId, reviewId },
  };
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
  return {
    featured: (featured.length > 0 ? featured : topRated.slice(0, 6)).map(presentAgentSummary),
    topRated: topRated.map(presentAgentSummary),
    trending: trending.map(presentAgentSummary),
    newest: newest.map(presentAgentSummary),
    stats: { agents: agentsCount, reviews: ratingsCount, categories: categories.length },
  };
}

/**
 * Trending (DESIGN section 4): views plus weighted favorites of the last 7 days, each day's
 * activity decaying with a half-life of 3 days.
 */
export function trendingScore(
  activity: Array<{ day: string; views: number; favorites: number }>,
  today: string,
) {
  const todayMs = Date.parse(today);
  let score = 0;
  for (const entry of activity) {
    const ageDays = (todayMs - Date.parse(entry.day)) / 86_400_000;
    if (ageDays < 0 || ageDays >= TRENDING_WINDOW_DAYS) continue;
    score += (entry.views + FAVORITE_WEIGHT * entry.favorites) * 0.5 ** (ageDays / TRENDING_HALF_LIFE_DAYS);
  }
  return Math.round(score * 1000) / 1000;
}

/** Recomputes trending scores for the given agents (or every agent with recent activity or a score). */
export async function refreshTrending(deps: AgentsServiceDeps, agentIds?: number[], now = Date.now()) {
  const today = utcDay(now);
  const since = daysAgo(TRENDING_WINDOW_DAYS - 1, now);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const activity = await deps.agents.activitySince(agentIds ?? 'all-active', since, trx);
    const ids = new Set(agentIds ?? (await deps.agents.agentIdsWithTrendingScore(trx)));
    const byAgent = new Map<number, typeof activity>();
    for (const entry of activity) {
      ids.add(entry.agent_id);
      byAgent.set(entry.agent_id, [...(byAgent.get(entry.agent_id) ?? []), entry]);
    }
    const scores = new Map<number, number>();
    for (const id of ids) scores.set(id, trendingScore(byAgent.get(id) ?? [], today));
    await deps.agents.setTrendingScores(scores, trx);
    if (!agentIds) await deps.agents.deleteViewsBefore(daysAgo(TRENDING_WINDOW_DAYS + 1, now), trx);
  });
}
