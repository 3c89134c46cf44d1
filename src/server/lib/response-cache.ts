/**
 * A small in-process cache of serialized public responses (listings, details, reviews).
 * Every catalogue write calls invalidate(), which starts a new generation, so the next read
 * after a write never sees an older answer. Entries also expire after ttlMs so slowly moving
 * counters (views) refresh without a write.
 */
export interface CacheEntry {
  readonly body: string;
  readonly expiresAt: number;
  /** The body gzipped, made the first time a client that accepts gzip asks for it. */
  gzip?: Buffer;
}

export class ResponseCache {
  private entries = new Map<string, CacheEntry>();
  private listeners: Array<() => void> = [];

  constructor(
    private readonly maxEntries = 5000,
    private readonly ttlMs = 30_000,
  ) {}

  get(key: string): string | undefined {
    return this.getEntry(key)?.body;
  }

  /** The live entry with its lazily made gzip copy (see http/cached-responder.ts). */
  getEntry(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert to keep the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, body: string): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expiresAt: Date.now() + this.ttlMs });
  }

  /** Drops every entry here and tells subscribers (other instances, through pub/sub). */
  invalidate(): void {
    this.clearLocal();
    for (const listener of this.listeners) listener();
  }

  /** Drops every entry without telling anyone: used when another instance announced a write. */
  clearLocal(): void {
    this.entries.clear();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}
