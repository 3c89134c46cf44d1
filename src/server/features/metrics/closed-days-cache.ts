import { metricKeys, type MetricKey } from '../../../shared/api/metrics.js';

const DAY_MS = 86_400_000;
/** Twice the longest range: a 90-day range and its previous period. */
export const CLOSED_WINDOW_DAYS = 180;
const KEYS = metricKeys.length;

/**
 * Per-agent stored figures of closed days (before yesterday: no flush writes them any more), kept as
 * one Int32Array per agent, so `/api/metrics` reads only the open days from the database. Bounded to
 * `maxAgents` (least recently used go first, ~3.5 KB each) and dropped when the UTC day changes.
 * Favorites and reviews are not here: they are read live from their own tables.
 */
export class ClosedDaysCache {
  private entries = new Map<number, Int32Array>();
  private windowEnd: string | undefined;

  constructor(private readonly maxAgents = 5000) {}

  /** The first day the window holds, given its last day (inclusive). */
  static windowStart(lastClosedDay: string): string {
    return new Date(Date.parse(`${lastClosedDay}T00:00:00Z`) - (CLOSED_WINDOW_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  }

  /** The cached agents' arrays for a window ending on `lastClosedDay`; starts afresh on a new day. */
  get(agentId: number, lastClosedDay: string): Int32Array | undefined {
    if (this.windowEnd !== lastClosedDay) {
      this.entries.clear();
      this.windowEnd = lastClosedDay;
    }
    const entry = this.entries.get(agentId);
    if (entry) {
      this.entries.delete(agentId);
      this.entries.set(agentId, entry);
    }
    return entry;
  }

  set(agentId: number, lastClosedDay: string, values: Int32Array): void {
    if (this.windowEnd !== lastClosedDay) {
      this.entries.clear();
      this.windowEnd = lastClosedDay;
    }
    this.entries.set(agentId, values);
    while (this.entries.size > this.maxAgents) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets everything (figures written for closed days, as the seed or a test does). */
  clear(): void {
    this.entries.clear();
  }

  static empty(): Int32Array {
    return new Int32Array(CLOSED_WINDOW_DAYS * KEYS);
  }

  static index(dayOffset: number, key: MetricKey): number {
    return dayOffset * KEYS + metricKeys.indexOf(key);
  }
}
