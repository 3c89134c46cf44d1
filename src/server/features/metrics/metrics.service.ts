import {
  METRICS_RANGE_DAYS,
  metricKeys,
  type ChecklistItem,
  type MetricKey,
  type MetricTotals,
  type MetricsRange,
  type MetricsResponse,
  type ScoreResponse,
  type SearchTermsResponse,
} from '../../../shared/api/metrics.js';
import { PRIOR_WEIGHT, VERIFIED_BONUS, scoreParts } from '../../../shared/rules/reputation.js';
import type { Db } from '../../db/database.js';
import {
  authorizeAgent,
  findAuthorizedAgent,
  type Actor,
  type AgentAccessDeps,
} from '../../policies/index.js';
import { readTags } from '../../db/json-columns.js';
import { utcDay } from '../../lib/time.js';
import type { MetricsRepo } from './metrics.repo.js';
import { ClosedDaysCache } from './closed-days-cache.js';
import { paths } from '../../../shared/routes.js';

export interface MetricsDeps extends AgentAccessDeps {
  db: Db;
  metrics: MetricsRepo;
  closedDays: ClosedDaysCache;
}

const DAY_MS = 86_400_000;
const SEARCH_TERMS_LIMIT = 50;
const CLICK_METRICS = new Set(['clicks_website', 'clicks_repository', 'clicks_docs']);

function keyOf(metric: string): MetricKey | null {
  const key = CLICK_METRICS.has(metric) ? 'clicks' : metric;
  return (metricKeys as readonly string[]).includes(key) ? (key as MetricKey) : null;
}

const zero = (): MetricTotals => ({ views: 0, visitors: 0, favorites: 0, reviews: 0, clicks: 0 });

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); utcDay(at) <= to; at += DAY_MS) days.push(utcDay(at));
  return days;
}

/** The range's first and last day and the previous period of the same length. */
export function rangeDays(range: MetricsRange, now = Date.now()) {
  const length = METRICS_RANGE_DAYS[range];
  const to = utcDay(now);
  const from = utcDay(now - (length - 1) * DAY_MS);
  return {
    from,
    to,
    previousFrom: utcDay(now - (2 * length - 1) * DAY_MS),
    previousTo: utcDay(now - length * DAY_MS),
  };
}

export async function getMetrics(
  deps: MetricsDeps,
  viewer: Actor,
  query: { range: MetricsRange; agentId?: number },
  now = Date.now(),
): Promise<MetricsResponse> {
  // Someone else's agent is 404, as a missing one: an admin may name any.
  if (query.agentId !== undefined) await findAuthorizedAgent(deps, viewer, 'view-metrics', query.agentId);
  const agents =
    query.agentId !== undefined
      ? await deps.metrics.listAgents(null, query.agentId)
      : await deps.metrics.listAgents(viewer.id);
  const { from, to, previousFrom } = rangeDays(query.range, now);
  const ids = agents.map((agent) => agent.id);
  // Closed days (before yesterday) come from the cache; only yesterday and today are read each time.
  const lastClosed = utcDay(now - 2 * DAY_MS);
  const windowStart = ClosedDaysCache.windowStart(lastClosed);
  const missing = ids.filter((id) => !deps.closedDays.get(id, lastClosed));
  if (missing.length > 0) {
    const arrays = new Map(missing.map((id) => [id, ClosedDaysCache.empty()]));
    const startMs = Date.parse(`${windowStart}T00:00:00Z`);
    for (const row of await deps.metrics.dailyRows(missing, windowStart, lastClosed)) {
      const key = keyOf(row.metric);
      const values = arrays.get(row.agentId);
      if (!key || !values) continue;
      const offset = Math.round((Date.parse(`${row.day}T00:00:00Z`) - startMs) / DAY_MS);
      values[ClosedDaysCache.index(offset, key)]! += row.value;
    }
    for (const [id, values] of arrays) deps.closedDays.set(id, lastClosed, values);
  }
  const [open, favorites, reviews] = await Promise.all([
    deps.metrics.dailyRows(ids, utcDay(now - DAY_MS), to),
    deps.metrics.dailyFavorites(ids, previousFrom, to),
    deps.metrics.dailyReviews(ids, previousFrom, to),
  ]);

  const days = daysBetween(from, to);
  const byDay = new Map(days.map((day) => [day, zero()]));
  const byAgent = new Map(ids.map((id) => [id, zero()]));
  const totals = zero();
  const previous = zero();
  const addDay = (day: string, key: keyof MetricTotals, value: number) => {
    if (day < from) {
      if (day >= previousFrom) previous[key] += value;
      return;
    }
    if (day > to) return;
    totals[key] += value;
    const dayTotals = byDay.get(day);
    if (dayTotals) dayTotals[key] += value;
  };
  const addAgent = (agentId: number, day: string, key: keyof MetricTotals, value: number) => {
    if (day < from || day > to) return;
    const agentTotals = byAgent.get(agentId);
    if (agentTotals) agentTotals[key] += value;
  };
  // Closed days: the agents' arrays summed per day (typed-array adds), then each day once.
  const windowDays = daysBetween(windowStart, lastClosed);
  const summed = ClosedDaysCache.empty();
  const width = metricKeys.length;
  for (const id of ids) {
    const values = deps.closedDays.get(id, lastClosed);
    if (!values) continue;
    const agentTotals = byAgent.get(id)!;
    for (let offset = 0; offset < windowDays.length; offset += 1) {
      const day = windowDays[offset]!;
      if (day < previousFrom) continue;
      const base = offset * width;
      for (let key = 0; key < width; key += 1) {
        const value = values[base + key]!;
        if (value === 0) continue;
        summed[base + key]! += value;
        if (day >= from) agentTotals[metricKeys[key]!] += value;
      }
    }
  }
  for (const [offset, day] of windowDays.entries()) {
    if (day < previousFrom) continue;
    for (const [key, name] of metricKeys.entries()) {
      const value = summed[offset * width + key]!;
      if (value !== 0) addDay(day, name, value);
    }
  }
  for (const row of open) {
    const key = keyOf(row.metric);
    if (!key) continue;
    addDay(row.day, key, row.value);
    addAgent(row.agentId, row.day, key, row.value);
  }
  for (const [key, rows] of [
    ['favorites', favorites],
    ['reviews', reviews],
  ] as const) {
    for (const row of rows) {
      addDay(row.day, key, row.count);
      addAgent(row.agentId, row.day, key, row.count);
    }
  }

  return {
    range: query.range,
    from,
    to,
    totals,
    previous,
    series: days.map((date) => ({ date, ...byDay.get(date)! })),
    agents: agents.map((agent) => ({
      id: agent.id,
      slug: agent.slug,
      name: agent.name,
      totals: byAgent.get(agent.id)!,
    })),
  };
}

export async function listSearchTerms(
  deps: MetricsDeps,
  viewer: Actor,
  query: { range: MetricsRange; agentId: number },
  now = Date.now(),
): Promise<SearchTermsResponse> {
  await findAuthorizedAgent(deps, viewer, 'view-metrics', query.agentId);
  const { from, to } = rangeDays(query.range, now);
  return { terms: await deps.metrics.searchTerms(query.agentId, from, to, SEARCH_TERMS_LIMIT) };
}

export async function getScoreBreakdown(
  deps: MetricsDeps,
  viewer: Actor,
  query: { range: MetricsRange; agentId: number },
  now = Date.now(),
): Promise<ScoreResponse> {
  const found = await deps.metrics.findScoreAgent(query.agentId);
  const agent = authorizeAgent(viewer, 'view-metrics', found && { ...found, owner_id: found.ownerId });
  const { from, to } = rangeDays(query.range, now);
  const [siteMean, rank, unanswered, ratings, ranks] = await Promise.all([
    deps.metrics.meanSnapshot(),
    deps.metrics.categoryRank(agent),
    deps.metrics.unansweredReviews(agent.id, agent.ownerId),
    deps.metrics.ratingsByDay(agent.id),
    deps.metrics.rankSeries(agent.id, from, to),
  ]);

  const tags = readTags(agent.tags);
  const edit = paths.editAgent.href(agent.id);
  const checklist: ChecklistItem[] = [
    {
      key: 'logo',
      label: 'Add a logo',
      done: agent.logoUrl !== null || agent.logoFileId !== null,
      detail:
        agent.logoUrl !== null || agent.logoFileId !== null ? null : 'The listing shows a placeholder logo',
      fixPath: edit,
    },
    {
      key: 'docs',
      label: 'Link your documentation',
      done: Boolean(agent.docsUrl),
      detail: agent.docsUrl ? null : 'No docs link on the listing',
      fixPath: edit,
    },
    {
      key: 'tags',
      label: 'Add at least 3 tags',
      done: tags.length >= 3,
      detail: tags.length >= 3 ? null : `${tags.length} of 3 tags`,
      fixPath: edit,
    },
    {
      key: 'verification',
      label: 'Verify the repository',
      done: agent.verified,
      detail: agent.verified ? null : `Verified agents get ${VERIFIED_BONUS} extra points`,
      fixPath: paths.agentStatus.href(agent.id),
    },
    {
      key: 'unanswered-reviews',
      label: 'Reply to reviews',
      done: unanswered === 0,
      detail:
        unanswered === 0
          ? null
          : `${unanswered} ${unanswered === 1 ? 'review has' : 'reviews have'} no reply`,
      fixPath: paths.agent.href(agent.slug, { section: 'reviews' }),
    },
  ];

  const rankByDay = new Map(ranks.map((row) => [row.day, Number(row.value)]));
  let ratingIndex = 0;
  let count = 0;
  let sum = 0;
  const series = daysBetween(from, to).map((date) => {
    while (ratingIndex < ratings.length && ratings[ratingIndex]!.day <= date) {
      count += 1;
      sum += ratings[ratingIndex]!.rating;
      ratingIndex += 1;
    }
    return {
      date,
      rating: count > 0 ? Math.round((sum / count) * 100) / 100 : null,
      rank: rankByDay.get(date) ?? null,
    };
  });

  return {
    agentId: agent.id,
    score: agent.reputationScore,
    parts: scoreParts({
      score: agent.reputationScore,
      siteMean,
      weightTotal: agent.weightTotal,
      weightedRatingSum: agent.weightedRatingSum,
      verified: agent.verified,
    }),
    inputs: {
      priorWeight: PRIOR_WEIGHT,
      siteMean,
      weightTotal: agent.weightTotal,
      weightedRatingSum: agent.weightedRatingSum,
      weightedMean: agent.weightTotal > 0 ? agent.weightedRatingSum / agent.weightTotal : null,
      reviewCount: agent.ratingCount,
      verified: agent.verified,
      verificationBonus: agent.verified ? VERIFIED_BONUS : 0,
    },
    rank: {
      categoryId: agent.categoryId,
      categoryName: agent.categoryName,
      categorySlug: agent.categorySlug,
      position: agent.status === 'published' ? rank.ahead + 1 : null,
      of: rank.of,
    },
    checklist,
    series,
  };
}
