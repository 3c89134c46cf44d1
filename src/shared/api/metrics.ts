import { z } from 'zod';

/** The owners' figures, stored as daily aggregates per agent, day and metric. */
export const metricsRanges = ['7d', '30d', '90d'] as const;
export type MetricsRange = (typeof metricsRanges)[number];
/** The number of days each range covers, today included. */
export const METRICS_RANGE_DAYS: Record<MetricsRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

const range = z
  .enum(metricsRanges, { error: `range must be one of ${metricsRanges.join(', ')}` })
  .default('30d');
const agentId = z.coerce
  .number({ error: 'agentId must be an agent id' })
  .int('agentId must be an agent id')
  .positive('agentId must be an agent id')
  .max(2_147_483_647, 'agentId must be an agent id');

/** GET /api/metrics?range=7d|30d|90d[&agentId=<id>] */
export const metricsQuerySchema = z.object({ range, agentId: agentId.optional() });
export type MetricsQuery = z.input<typeof metricsQuerySchema>;

export const metricTotalsSchema = z.object({
  /** Agent-page views, once per visitor, agent and day (the public counter). */
  views: z.number().int(),
  /** Distinct visitors per day, summed over the days. */
  visitors: z.number().int(),
  /** Favorites added in the range. */
  favorites: z.number().int(),
  /** Reviews added in the range. */
  reviews: z.number().int(),
  /** Outbound clicks (website, repository, docs), once per visitor, agent, target and day. */
  clicks: z.number().int(),
});
export type MetricTotals = z.infer<typeof metricTotalsSchema>;
export const metricKeys = ['views', 'visitors', 'favorites', 'reviews', 'clicks'] as const;
export type MetricKey = (typeof metricKeys)[number];

export const metricsDaySchema = metricTotalsSchema.extend({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
});
export type MetricsDay = z.infer<typeof metricsDaySchema>;

export const metricsAgentSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  totals: metricTotalsSchema,
});
export type MetricsAgent = z.infer<typeof metricsAgentSchema>;

export const metricsResponseSchema = z.object({
  range: z.enum(metricsRanges),
  /** First day of the range, YYYY-MM-DD (UTC). */
  from: z.string(),
  /** Last day of the range (today), YYYY-MM-DD (UTC). */
  to: z.string(),
  totals: metricTotalsSchema,
  /** The same keys over the period of the same length just before. */
  previous: metricTotalsSchema,
  /** One entry per day of the range, oldest first, zeros included. */
  series: z.array(metricsDaySchema),
  /** Every agent the person owns (or the one agent asked for), with its totals over the range. */
  agents: z.array(metricsAgentSchema),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

/** GET /api/metrics/search-terms?agentId=&range= */
export const searchTermsQuerySchema = z.object({ agentId, range });
export type SearchTermsQuery = z.input<typeof searchTermsQuerySchema>;

export const searchTermSchema = z.object({
  /** The normalized search term (trimmed, lower case, single spaces). */
  term: z.string(),
  /** Searches whose first page showed the agent. */
  impressions: z.number().int(),
  /** Times the agent was opened from that search's results. */
  clicks: z.number().int(),
});
export type SearchTerm = z.infer<typeof searchTermSchema>;
export const searchTermsResponseSchema = z.object({ terms: z.array(searchTermSchema) });
export type SearchTermsResponse = z.infer<typeof searchTermsResponseSchema>;

/** GET /api/metrics/score?agentId=[&range=]: why the agent ranks where it does. */
export const scoreQuerySchema = z.object({ agentId, range });
export type ScoreQuery = z.input<typeof scoreQuerySchema>;

export const scorePartKeys = ['prior', 'reviews', 'verification', 'adjustment'] as const;
export type ScorePartKey = (typeof scorePartKeys)[number];

export const scorePartSchema = z.object({
  /**
   * prior: C/(C+W) of the site mean's points; reviews: W/(C+W) of the weighted mean's points;
   * verification: the bonus; adjustment: rounding and the 0-100 clamp (usually 0).
   */
  key: z.enum(scorePartKeys),
  label: z.string(),
  /** Points on the 0-100 scale, one decimal; the parts add up to `score`. */
  points: z.number(),
});
export type ScorePart = z.infer<typeof scorePartSchema>;

export const checklistKeys = ['logo', 'docs', 'tags', 'verification', 'unanswered-reviews'] as const;
export type ChecklistKey = (typeof checklistKeys)[number];

export const checklistItemSchema = z.object({
  key: z.enum(checklistKeys),
  label: z.string(),
  done: z.boolean(),
  /** What is missing, e.g. "2 reviews have no reply". */
  detail: z.string().nullable(),
  /** The client path where it is fixed, e.g. /edit-agent/12. */
  fixPath: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const scoreHistoryDaySchema = z.object({
  date: z.string(),
  /** The average rating of the reviews written up to that day; null before the first review. */
  rating: z.number().nullable(),
  /** The agent's position in its category that day; null where no snapshot was taken. */
  rank: z.number().int().nullable(),
});
export type ScoreHistoryDay = z.infer<typeof scoreHistoryDaySchema>;

export const scoreResponseSchema = z.object({
  agentId: z.number().int(),
  /** The reputation score shown on the agent (0-100). */
  score: z.number(),
  parts: z.array(scorePartSchema),
  inputs: z.object({
    /** C, the prior weight. */
    priorWeight: z.number(),
    /** m, the site-wide mean rating (1-5). */
    siteMean: z.number(),
    /** Σ wᵢ, the reviews' total weight. */
    weightTotal: z.number(),
    /** Σ wᵢ·rᵢ. */
    weightedRatingSum: z.number(),
    /** Σ wᵢ·rᵢ / Σ wᵢ, null without weighted reviews. */
    weightedMean: z.number().nullable(),
    reviewCount: z.number().int(),
    verified: z.boolean(),
    verificationBonus: z.number(),
  }),
  rank: z.object({
    categoryId: z.number().int(),
    categoryName: z.string(),
    categorySlug: z.string(),
    /** 1 is first; null when the agent is not published. */
    position: z.number().int().nullable(),
    /** Published agents in the category. */
    of: z.number().int(),
  }),
  checklist: z.array(checklistItemSchema),
  /** One entry per day of `range`, oldest first. */
  series: z.array(scoreHistoryDaySchema),
});
export type ScoreResponse = z.infer<typeof scoreResponseSchema>;

export const clickTargets = ['website', 'repository', 'docs'] as const;
export type ClickTarget = (typeof clickTargets)[number];

/** POST /api/agents/{id}/clicks → 202 */
export const recordClickSchema = z.strictObject({
  target: z.enum(clickTargets, { error: `target must be one of ${clickTargets.join(', ')}` }),
});
export type RecordClick = z.input<typeof recordClickSchema>;
export const clickAgentParamsSchema = z.object({ id: agentId });

export const SEARCH_TERM_MAX = 100;
export const IMPRESSIONS_MAX = 50;
const searchTerm = z
  .string({ error: 'q must be the search term' })
  .trim()
  .min(1, 'q must be the search term')
  .max(SEARCH_TERM_MAX, `q can have at most ${SEARCH_TERM_MAX} characters`);

/** POST /api/agents/impressions → 202: the agents shown on the first page of the search `q`. */
export const recordImpressionsSchema = z.strictObject({
  q: searchTerm,
  agentIds: z
    .array(agentId, { error: 'agentIds must be a list of agent ids' })
    .min(1, 'agentIds must not be empty')
    .max(IMPRESSIONS_MAX, `agentIds can have at most ${IMPRESSIONS_MAX} ids`),
});
export type RecordImpressions = z.input<typeof recordImpressionsSchema>;

/** POST /api/agents/impressions/click → 202: the agent was opened from the results of the search `q`. */
export const recordSearchClickSchema = z.strictObject({ q: searchTerm, agentId });
export type RecordSearchClick = z.input<typeof recordSearchClickSchema>;

/** The answer of the three beacons (202). */
export const beaconResponseSchema = z.object({ accepted: z.boolean() });
