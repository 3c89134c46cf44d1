import { agentSorts, pricingModels, type AgentSort, type PricingModel } from './catalogue.js';
import { isMcpRevision, type McpRevision } from './rules/trust-summary.js';

/** Filters of the agent listing; every one of them lives in the page's URL. */
export interface AgentListFilters {
  q?: string | undefined;
  category?: string | undefined;
  pricing?: PricingModel | undefined;
  verified?: boolean | undefined;
  health?: AgentHealthFilter | undefined;
  /** Agents with an MCP endpoint last found speaking this protocol revision. */
  protocol?: McpRevision | undefined;
  /** Leaves out agents whose MCP tools have findings above this severity. */
  maxRiskSeverity?: RiskFilterSeverity | undefined;
  sort?: AgentSort | undefined;
  page?: number | undefined;
}

export function isSort(value: string): value is AgentSort {
  return (agentSorts as readonly string[]).includes(value);
}

/** The health filter: every probed endpoint answers, or one of them fails. */
export const agentHealthFilters = ['up', 'down'] as const;
export type AgentHealthFilter = (typeof agentHealthFilters)[number];
export const agentHealthFilterLabels: Record<AgentHealthFilter, string> = {
  up: 'Endpoints answering',
  down: 'Endpoints failing',
};

export function isHealthFilter(value: string): value is AgentHealthFilter {
  return (agentHealthFilters as readonly string[]).includes(value);
}

/** The severities a listing can be limited to (`danger` would leave nothing out). */
export const riskFilterSeverities = ['none', 'info', 'warning'] as const;
export type RiskFilterSeverity = (typeof riskFilterSeverities)[number];
export const riskFilterLabels: Record<RiskFilterSeverity, string> = {
  warning: 'No danger findings',
  info: 'No danger or warnings',
  none: 'No findings at all',
};

export function isRiskFilter(value: string): value is RiskFilterSeverity {
  return (riskFilterSeverities as readonly string[]).includes(value);
}

export function isPricing(value: string): value is PricingModel {
  return (pricingModels as readonly string[]).includes(value);
}

/** Reads the listing filters from the URL; unknown values are ignored rather than sent to the server. */
export function parseAgentListFilters(search: URLSearchParams): AgentListFilters {
  const sort = search.get('sort') ?? '';
  const pricing = search.get('pricing') ?? '';
  const health = search.get('health') ?? '';
  const protocol = search.get('protocol') ?? '';
  const maxRiskSeverity = search.get('maxRiskSeverity') ?? '';
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    q: search.get('q') ?? '',
    category: search.get('category') || undefined,
    pricing: isPricing(pricing) ? pricing : undefined,
    verified: search.get('verified') === 'true' || undefined,
    health: isHealthFilter(health) ? health : undefined,
    protocol: isMcpRevision(protocol) ? protocol : undefined,
    maxRiskSeverity: isRiskFilter(maxRiskSeverity) ? maxRiskSeverity : undefined,
    sort: isSort(sort) ? sort : undefined,
    page: Number.isFinite(page) && page > 1 ? page : undefined,
  };
}

/** The listing's API query with empty filters left out, in one fixed order. */
export function agentListQuery(filters: AgentListFilters, limit?: number) {
  return {
    q: filters.q?.trim() || undefined,
    category: filters.category || undefined,
    verified: filters.verified ? true : undefined,
    pricing: filters.pricing || undefined,
    health: filters.health || undefined,
    protocol: filters.protocol || undefined,
    maxRiskSeverity: filters.maxRiskSeverity || undefined,
    sort: filters.sort || undefined,
    page: filters.page && filters.page > 1 ? filters.page : undefined,
    limit,
  };
}

/**
 * The exact URL the listing page asks for. The server embeds its answer under this key in the
 * page it sends, so both sides must build it the same way.
 */
export function agentListRequestPath(filters: AgentListFilters, limit?: number): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(agentListQuery(filters, limit))) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `/api/agents?${query}` : '/api/agents';
}
