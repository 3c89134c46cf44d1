/**
 * A small in-process cache of serialized public responses (listings, details, reviews), invalidated
 * by tag (docs/decisions/0014-targeted-cache-invalidation.md). Each entry carries the tags of what it
 * shows: `agent:<id>`, `reviews:<id>`, `category:<id>`, `listings` or `categories`. A write drops
 * only the tags it changed; counters that move all the time (favorites, ratings in listings) are
 * settled in one batch at most SETTLE_MS later instead of emptying the cache at every write.
 * Entries also expire after ttlMs so slowly moving counters (views, trending) refresh without a write.
 * A follower (decision 0019) is a cache of the parts answers are made of, dropped by the same tags.
 */
export interface CacheEntry {
  readonly body: string;
  /** What the body takes in memory. */
  readonly bodyBytes: number;
  readonly expiresAt: number;
  readonly tags: readonly string[];
  /** The invalidation clock when the answer was computed: it is stale if a tag moved past it. */
  readonly computedAt: number;
  /** The body gzipped, made the first time a client that accepts gzip asks for it (keepGzip). */
  gzip?: Buffer;
}

/** Listing orders that counters move at every review: a new rating changes the score and the count. */
const ORDERS_MOVED_BY_RATINGS = ['rating', 'reviews'] as const;

/** The tags a cached answer can carry; a write names the same tags to drop what it changed. */
export const cacheTags = {
  /** Every listing, search and home answer: which agents are listed, their texts and categories. */
  listings: 'listings',
  /** The category list and the filter options (counts per category, pricing, tags). */
  categories: 'categories',
  /** Every pin answer (GET /api/tool-hashes/{hash}): dropped whenever a probe writes pins. */
  toolHashes: 'tool-hashes',
  agent: (agentId: number) => `agent:${agentId}`,
  reviews: (agentId: number) => `reviews:${agentId}`,
  category: (categorySlug: string) => `category:${categorySlug}`,
  /** A listing showing this agent's card: its rating, score and favorites. */
  listed: (agentId: number) => `listed:${agentId}`,
  /** The agent an `agent:` or `listed:` tag names: whose card it moves. */
  agentShownBy(tag: string): number | undefined {
    const match = /^(?:agent|listed):(\d+)$/.exec(tag);
    return match ? Number(match[1]) : undefined;
  },
  /** A listing ordered by `sort`, of one category or of all (`*`). */
  ranking: (sort: string, categorySlug?: string) => `ranking:${sort}:${categorySlug ?? '*'}`,
  /** What a listing page shows: the agents on it and, for an order ratings move, that order. */
  listingPage(agentIds: Iterable<number>, order: { sort: string; categorySlug?: string }): string[] {
    const tags = [cacheTags.listings];
    if ((ORDERS_MOVED_BY_RATINGS as readonly string[]).includes(order.sort))
      tags.push(cacheTags.ranking(order.sort, order.categorySlug));
    for (const agentId of new Set(agentIds)) tags.push(cacheTags.listed(agentId));
    return tags;
  },
  /** A rating given, changed or taken back: the orders by rating and by reviews, in its category and in all. */
  rankingsMovedByRating(categorySlug: string): string[] {
    return ORDERS_MOVED_BY_RATINGS.flatMap((sort) => [
      cacheTags.ranking(sort, categorySlug),
      cacheTags.ranking(sort),
    ]);
  },
};

/**
 * What the held answers may weigh. The catalogue's long tail (every agent, category, sort, page and
 * search) is far larger than any cache; this keeps the most recently read of the URLs asked for
 * again, about 750 listings' or 4,500 agent pages' worth, inside the process's memory budget with
 * the listing parts and cards beside it (`npm run bench`, peak RSS; decisions 0019, 0021 to 0023).
 */
const DEFAULT_MAX_BYTES = 6 * 1024 * 1024;

/** An entry's bytes: its key and bodies, and a fixed share for the Map, the entry and its tags. */
function weightOf(key: string, entry: CacheEntry): number {
  return key.length + entry.bodyBytes + (entry.gzip?.length ?? 0) + 64 + 24 * entry.tags.length;
}

/** V8 keeps a string of Latin-1 characters in a byte each, any other string in two. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** What a string's characters take in memory. */
export function textBytes(text: string): number {
  return BEYOND_LATIN1.test(text) ? text.length * 2 : text.length;
}

/** An eviction makes room for a twentieth of the budget at once. */
export const EVICTION_LOW_WATER = 0.95;

/** How long a soft change (touch) may stay unseen by other visitors: well inside the promised 1 s. */
export const SETTLE_MS = 300;

/**
 * How many keys the admission filter remembers as asked for once, per generation: about a long-tail
 * run's worth of distinct URLs (`npm run bench`), a few megabytes of keys.
 */
const ADMISSION_GENERATION = 20_000;

/** null means every entry. */
export type InvalidationListener = (tags: readonly string[] | null) => void;

/** Something kept from the data answers are made of, dropped with the answers (decision 0019). */
export interface CacheFollower {
  /** Drops what these tags show (everything when null), at once. */
  invalidateLocal(tags: readonly string[] | null): void;
}

export class ResponseCache implements CacheFollower {
  private entries = new Map<string, CacheEntry>();
  private listeners: InvalidationListener[] = [];
  /** Caches of the data answers are made from: they drop what this one drops, soft changes at once. */
  private followers: CacheFollower[] = [];
  /** Advances at every invalidation; an entry remembers the value it was computed at. */
  private clock = 0;
  private everythingInvalidatedAt = 0;
  private tagInvalidatedAt = new Map<string, number>();
  private pendingTags = new Set<string>();
  private settleTimer: NodeJS.Timeout | undefined;

  /** What the held answers weigh, plain and gzipped, against maxBytes. */
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  /** false turns caching off (RESPONSE_CACHE=off): every read is computed, for benchmarks of that path. */
  private readonly enabled: boolean;
  /**
   * Keys computed once and not kept, in two generations (the older is dropped when the newer fills):
   * with `admitOnSecondAsk`, an answer is kept only when its key is asked for again.
   */
  private readonly admitOnSecondAsk: boolean;
  private askedOnce = new Set<string>();
  private askedOnceBefore = new Set<string>();

  constructor(
    options: { maxBytes?: number; ttlMs?: number; enabled?: boolean; admitOnSecondAsk?: boolean } = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.enabled = options.enabled ?? true;
    this.admitOnSecondAsk = options.admitOnSecondAsk ?? false;
  }

  /** The clock to pass to set(): taken before computing, so a write during the computation wins. */
  now(): number {
    return this.clock;
  }

  get(key: string): string | undefined {
    return this.getEntry(key)?.body;
  }

  /** The live entry with its lazily made gzip copy (see http/cached-responder.ts). */
  getEntry(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now() || this.isStale(entry.computedAt, entry.tags)) {
      this.drop(key, entry);
      return undefined;
    }
    // Re-insert to keep the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores an answer computed from the data as of `computedAt`, unless a write to its tags came since. */
  set(key: string, body: string, tags: readonly string[], computedAt: number): void {
    if (!this.enabled || this.isStale(computedAt, tags)) return;
    const replaced = this.entries.get(key);
    if (!replaced && !this.admits(key)) return;
    if (replaced) this.drop(key, replaced);
    const bodyBytes = textBytes(body);
    const entry = { body, bodyBytes, tags, computedAt, expiresAt: Date.now() + this.ttlMs };
    this.entries.set(key, entry);
    this.bytes += weightOf(key, entry);
    this.evictPastBudget();
  }

  /**
   * Whether a computed answer may take room: always, or with `admitOnSecondAsk` only once its key was
   * computed before. Most keys of a long tail are asked for once; kept, they pushed out the answers
   * that are asked for again (decision 0021).
   */
  private admits(key: string): boolean {
    if (!this.admitOnSecondAsk) return true;
    if (this.askedOnce.delete(key) || this.askedOnceBefore.delete(key)) return true;
    if (this.askedOnce.size >= ADMISSION_GENERATION) {
      this.askedOnceBefore = this.askedOnce;
      this.askedOnce = new Set();
    }
    this.askedOnce.add(key);
    return false;
  }

  /** Keeps a gzipped copy of an entry's body, counted against the budget like the body. */
  keepGzip(key: string, entry: CacheEntry, gzip: Buffer): void {
    if (entry.gzip) return;
    entry.gzip = gzip;
    if (this.entries.get(key) !== entry) return;
    this.bytes += gzip.length;
    this.evictPastBudget();
  }

  /** What the held answers weigh, in bytes. */
  get sizeInBytes(): number {
    return this.bytes;
  }

  /**
   * Past the budget, drops the least recently used answers down to EVICTION_LOW_WATER of it. One at a
   * time cost a scan per insert once full: a Map keeps the places of deleted entries until it is
   * rehashed, and iterating from its oldest end walks over each of them (a tenth of the server's CPU
   * under the long-tail load, `npm run bench`).
   */
  private evictPastBudget(): void {
    if (this.bytes <= this.maxBytes) return;
    const lowWater = this.maxBytes * EVICTION_LOW_WATER;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= lowWater) return;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: CacheEntry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= weightOf(key, entry);
  }

  /** Drops the answers with these tags (every answer when none are given) and tells other instances. */
  invalidate(tags?: readonly string[]): void {
    this.invalidateLocal(tags ?? null);
    for (const listener of this.listeners) listener(tags ?? null);
  }

  /**
   * A counter under these tags moved: the answers showing it are dropped within SETTLE_MS, together
   * with every other change in that window, so a burst of favorites costs one recomputation per answer.
   */
  touch(tags: readonly string[]): void {
    for (const follower of this.followers) follower.invalidateLocal(tags);
    for (const tag of tags) this.pendingTags.add(tag);
    this.settleTimer ??= setTimeout(() => this.settle(), SETTLE_MS).unref();
  }

  /** Applies the pending soft changes now (shutdown, tests). */
  settle(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    if (this.pendingTags.size === 0) return;
    const tags = [...this.pendingTags];
    this.pendingTags.clear();
    this.invalidate(tags);
  }

  /** Drops answers without telling anyone: used when another instance announced a write. */
  invalidateLocal(tags: readonly string[] | null): void {
    for (const follower of this.followers) follower.invalidateLocal(tags);
    this.clock += 1;
    if (tags === null) {
      this.everythingInvalidatedAt = this.clock;
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const tag of tags) this.tagInvalidatedAt.set(tag, this.clock);
  }

  /**
   * A cache of the parts answers are made from (decision 0019), kept in step with this one: it drops
   * the tags this one drops, here or announced by another instance, and a soft change (touch) at once,
   * so the answer computed for the writer's next read is never made of a part from before the write.
   * It stays on when answers are not cached (RESPONSE_CACHE=off measures the path a new URL takes).
   */
  follower(options: { maxBytes: number; ttlMs?: number }): ResponseCache {
    return this.follow(new ResponseCache({ maxBytes: options.maxBytes, ttlMs: options.ttlMs ?? this.ttlMs }));
  }

  /** Keeps `follower` in step with this cache, as follower() does; returns it. */
  follow<F extends CacheFollower>(follower: F): F {
    this.followers.push(follower);
    return follower;
  }

  /** How long an answer is kept at most. */
  get expiryMs(): number {
    return this.ttlMs;
  }

  onInvalidate(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }

  private isStale(computedAt: number, tags: readonly string[]): boolean {
    if (this.everythingInvalidatedAt > computedAt) return true;
    for (const tag of tags) if ((this.tagInvalidatedAt.get(tag) ?? 0) > computedAt) return true;
    return false;
  }
}
