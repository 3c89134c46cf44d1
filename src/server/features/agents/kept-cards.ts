import type { AgentSummary } from '../../../shared/api/agents.js';
import { cacheTags, EVICTION_LOW_WATER, textBytes, type CacheFollower } from '../../lib/response-cache.js';
import type { SerializedJson } from '../../lib/serialized-json.js';

/** An agent's listing card, serialized. */
export type AgentCard = SerializedJson<AgentSummary>;

/**
 * What the kept cards may weigh: about 33,000 cards, most of the agents a large catalogue's listing
 * pages and searches show in a few minutes (`npm run bench`, decisions 0022 and 0023).
 */
export const KEPT_CARDS_MAX_BYTES = 16 * 1024 * 1024;

/** What a kept card costs beyond its text: the Map's slot, the entry and the string's header. */
const CARD_OVERHEAD_BYTES = 80;

interface KeptCard {
  readonly card: AgentCard;
  readonly bytes: number;
  readonly expiresAt: number;
}

/**
 * Agents' listing cards kept between answers, by agent id (decision 0022). A follower of the response
 * cache: a write that drops an agent's answers (`agent:<id>`, `listed:<id>`) drops its card at once,
 * one that drops the listings drops every card, here or announced by another instance. A card is a
 * string in a Map and nothing else: no key, tags or clock of its own to keep, so the same memory
 * holds half again as many cards as a general cache entry would.
 */
export class KeptCards implements CacheFollower {
  private readonly cards = new Map<number, KeptCard>();
  private bytes = 0;
  /** Advances at every drop; a card read before a drop of it is not kept. */
  private clock = 0;
  private everythingDroppedAt = 0;
  private readonly droppedAt = new Map<number, number>();

  constructor(private readonly options: { maxBytes: number; ttlMs: number }) {}

  /** The clock to pass to set(): taken before reading, so a write during the read wins. */
  now(): number {
    return this.clock;
  }

  get(agentId: number): AgentCard | undefined {
    const kept = this.cards.get(agentId);
    if (!kept) return undefined;
    if (kept.expiresAt < Date.now()) {
      this.drop(agentId);
      return undefined;
    }
    // Re-inserted to keep the Map in least-recently-used order.
    this.cards.delete(agentId);
    this.cards.set(agentId, kept);
    return kept.card;
  }

  /** Keeps a card read from the data as of `readAt`, unless the agent's card was dropped since. */
  set(agentId: number, card: AgentCard, readAt: number): void {
    if (this.everythingDroppedAt > readAt || (this.droppedAt.get(agentId) ?? 0) > readAt) return;
    this.drop(agentId);
    const bytes = textBytes(card) + CARD_OVERHEAD_BYTES;
    this.cards.set(agentId, { card, bytes, expiresAt: Date.now() + this.options.ttlMs });
    this.bytes += bytes;
    if (this.bytes <= this.options.maxBytes) return;
    // Past the budget, room for a twentieth of it at once (as ResponseCache.evictPastBudget does).
    const lowWater = this.options.maxBytes * EVICTION_LOW_WATER;
    for (const oldest of this.cards.keys()) {
      if (this.bytes <= lowWater) return;
      this.drop(oldest);
    }
  }

  /** The cards kept, and what they weigh in bytes. */
  get size(): { cards: number; bytes: number } {
    return { cards: this.cards.size, bytes: this.bytes };
  }

  invalidateLocal(tags: readonly string[] | null): void {
    this.clock += 1;
    if (tags === null || tags.includes(cacheTags.listings)) {
      this.everythingDroppedAt = this.clock;
      this.droppedAt.clear();
      this.cards.clear();
      this.bytes = 0;
      return;
    }
    for (const tag of tags) {
      const agentId = cacheTags.agentShownBy(tag);
      if (agentId === undefined) continue;
      this.drop(agentId);
      this.droppedAt.set(agentId, this.clock);
    }
  }

  private drop(agentId: number): void {
    const kept = this.cards.get(agentId);
    if (!kept) return;
    this.cards.delete(agentId);
    this.bytes -= kept.bytes;
  }
}
