import type { AgentListResponse, AgentSort } from '../../../shared/api/agents.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { serialized, type SerializedJson } from '../../lib/serialized-json.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import { NO_TRUST, presentAgentSummary, presentTrust } from './agents.presenter.js';
import type { AgentsRepo, ListingFilters } from './agents.repo.js';
import type { AgentCard, KeptCards } from './kept-cards.js';

/**
 * What the kept ids of orders, categories and counts may weigh: every order of a large catalogue's
 * first twenty pages, with each filter (`npm run bench`, decision 0019). Cards are kept apart
 * (kept-cards.ts).
 */
export const LISTING_PARTS_MAX_BYTES = 3 * 1024 * 1024;
/** A category's id and published agents move with moderation and category edits, which drop these. */
const CATEGORY_TAGS = [cacheTags.categories, cacheTags.listings];
/** A filtered listing's count moves when an agent is published, leaves, or changes pricing or verified. */
const COUNT_TAGS = [cacheTags.listings];

/** A listing order's ids are kept this many at a time: five pages of the default size. */
const IDS_STRETCH = 100;

/** Whose read it is: someone who has just written gets every part from the database (http/fresh-reads.ts). */
export interface ReadOptions {
  fresh: boolean;
}

/**
 * The parts listing and search answers are made of, kept in memory between answers (decision 0019):
 * agents' cards serialized, listing orders' ids, categories by slug and filtered counts. On a large
 * catalogue most listing and search pages are new URLs, but the agents, categories and counts they
 * show were read before; reading them again from the database was most of such a page's cost. The
 * parts live in a follower of the response cache, so a write drops a part exactly when it drops the
 * answers made of it.
 */
export class ListingParts {
  constructor(
    private readonly repos: { agents: AgentsRepo; categories: CategoriesRepo },
    private readonly kept: ResponseCache,
    private readonly keptCards: KeptCards,
  ) {}

  /** The cards of these agents in the order given; an agent that is not published has none. */
  async cards(agentIds: readonly number[], read: ReadOptions): Promise<AgentCard[]> {
    const cards = new Array<AgentCard | undefined>(agentIds.length);
    const missing: number[] = [];
    for (let position = 0; position < agentIds.length; position += 1) {
      const card = read.fresh ? undefined : this.keptCards.get(agentIds[position]!);
      if (card === undefined) missing.push(agentIds[position]!);
      else cards[position] = card;
    }
    if (missing.length > 0) {
      const readAt = this.keptCards.now();
      const found = new Map<number, AgentCard>();
      const [rows, trustParts] = await Promise.all([
        this.repos.agents.findSummariesByIds(missing),
        this.repos.agents.findTrustParts(missing),
      ]);
      const trust = presentTrust(trustParts);
      for (const row of rows) {
        const card = serialized(presentAgentSummary(row, trust.get(row.id) ?? NO_TRUST));
        found.set(row.id, card);
        this.keptCards.set(row.id, card, readAt);
      }
      for (let position = 0; position < agentIds.length; position += 1)
        cards[position] ??= found.get(agentIds[position]!);
    }
    return cards.filter((card) => card !== undefined);
  }

  /**
   * A listing page's agent ids in its order, from stretches of IDS_STRETCH kept per filters and order.
   * A stretch of an order ratings move is dropped by a rating in its category (cacheTags.ranking); a
   * trending stretch, like the trending answers, lives out the cache's expiry.
   */
  async pageIds(
    filters: ListingFilters,
    order: { sort: AgentSort; categorySlug?: string },
    page: { offset: number; limit: number },
    read: ReadOptions,
  ): Promise<number[]> {
    const { sort } = order;
    // Probes move the health and protocol filters' listings: never kept.
    if (
      read.fresh ||
      filters.health !== undefined ||
      filters.protocol !== undefined ||
      filters.maxRiskSeverity !== undefined ||
      page.limit === 0
    )
      return this.repos.agents.findIdsInOrder({ filters, sort, ...page });
    const ids: number[] = [];
    const first = Math.floor(page.offset / IDS_STRETCH);
    const last = Math.floor((page.offset + page.limit - 1) / IDS_STRETCH);
    for (let stretch = first; stretch <= last; stretch += 1) {
      const stretchIds = await this.stretch(filters, order, stretch);
      ids.push(...stretchIds);
      if (stretchIds.length < IDS_STRETCH) break;
    }
    const skip = page.offset - first * IDS_STRETCH;
    return ids.slice(skip, skip + page.limit);
  }

  private async stretch(
    filters: ListingFilters,
    order: { sort: AgentSort; categorySlug?: string },
    stretch: number,
  ): Promise<number[]> {
    const key = `ids:${order.sort}:${filters.categoryId ?? '*'}:${filters.verified ?? '*'}:${filters.pricing ?? '*'}:${stretch}`;
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept === '' ? [] : kept.split(',').map(Number);
    const computedAt = this.kept.now();
    const ids = await this.repos.agents.findIdsInOrder({
      filters,
      sort: order.sort,
      limit: IDS_STRETCH,
      offset: stretch * IDS_STRETCH,
    });
    // The tags of a listing page that shows no agent: what moves its order.
    this.kept.set(key, ids.join(','), cacheTags.listingPage([], order), computedAt);
    return ids;
  }

  /** A category's id and published agents, by slug; null when there is no such category. */
  async category(slug: string, read: ReadOptions): Promise<{ id: number; agentCount: number } | null> {
    const key = `category:${slug}`;
    const kept = read.fresh ? undefined : this.kept.get(key);
    if (kept !== undefined) return JSON.parse(kept) as { id: number; agentCount: number };
    const computedAt = this.kept.now();
    const row = await this.repos.categories.findBySlug(slug);
    if (!row) return null;
    const category = { id: row.id, agentCount: row.agent_count };
    this.kept.set(key, JSON.stringify(category), CATEGORY_TAGS, computedAt);
    return category;
  }

  /** How many published agents pass these filters (the health and protocol filters move with probes: never kept). */
  async count(filters: ListingFilters, read: ReadOptions): Promise<number> {
    if (
      filters.health !== undefined ||
      filters.protocol !== undefined ||
      filters.maxRiskSeverity !== undefined
    )
      return this.repos.agents.countFiltered(filters);
    const key = `count:${filters.categoryId ?? '*'}:${filters.verified ?? '*'}:${filters.pricing ?? '*'}`;
    const kept = read.fresh ? undefined : this.kept.get(key);
    if (kept !== undefined) return Number(kept);
    const computedAt = this.kept.now();
    const count = await this.repos.agents.countFiltered(filters);
    this.kept.set(key, String(count), COUNT_TAGS, computedAt);
    return count;
  }
}

/** A listing or search answer made of serialized cards, in the key order of AgentListResponse. */
export function agentListJson(
  cards: readonly AgentCard[],
  page: Omit<AgentListResponse, 'agents'>,
): SerializedJson<AgentListResponse> {
  const rest = JSON.stringify(page);
  return `{"agents":[${cards.join(',')}]${rest === '{}' ? '}' : `,${rest.slice(1)}`}` as SerializedJson<AgentListResponse>;
}
