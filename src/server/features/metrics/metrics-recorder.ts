import type { ClickTarget } from '../../../shared/api/metrics.js';
import type { Db, Executor } from '../../db/database.js';
import { nextTurn } from '../../lib/next-turn.js';
import { utcDay } from '../../lib/time.js';
import type { CountedViews } from '../agents/view-counter.js';
import type { MetricsRepo } from './metrics.repo.js';

export interface MetricsRecorderDeps {
  db: Db;
  metrics: MetricsRepo;
}

interface PendingTerm {
  agentId: number;
  day: string;
  term: string;
  impressions: number;
  clicks: number;
}

const SNAPSHOT_FIRST_MS = 60_000;
/** Past this many keys the day's de-duplication starts over (a bound on memory). */
const SEEN_TERMS_MAX = 200_000;
const SNAPSHOT_CHECK_MS = 60 * 60_000;
/** Agents ranked per step of the snapshot: a few milliseconds of SQLite each. */
const RANK_PAGE = 1_000;

/** Trimmed, lower case, single spaces: "  Code   Review " and "code review" are one term. */
export function normalizeSearchTerm(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100);
}

/**
 * Buffers the owners' figures that arrive on hot paths (outbound clicks, search impressions and the
 * clicks on search results) and writes them in one transaction per flush, as ViewCounter does for
 * views; views and visitors are written by ViewCounter's own flush through `addViews`.
 * `snapshotRanks()` (a minute after start, then hourly) takes each UTC day's category-rank snapshot.
 */
export class MetricsRecorder {
  private clicks = new Map<
    string,
    { agentId: number; visitorHash: string; target: ClickTarget; day: string }
  >();
  /** Today's visitor × term × agent keys (in memory, per instance), so a reload does not count twice. */
  private seenTerms = new Set<string>();
  private seenDay: string | undefined;
  private terms = new Map<string, PendingTerm>();
  private timer: NodeJS.Timeout | undefined;
  private snapshotDelay: NodeJS.Timeout | undefined;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private snapshotDay: string | undefined;

  constructor(
    private readonly deps: MetricsRecorderDeps,
    private readonly onError: (error: unknown) => void,
    /** Flushed first by `flush()`, so one call writes every buffered figure. */
    private readonly viewCounter?: { flush(): Promise<void> },
    private readonly flushIntervalMs = 1000,
    private readonly rankPageSize = RANK_PAGE,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flushOwn(), this.flushIntervalMs);
    this.timer.unref();
    // Away from start-up (and a benchmark's first figures), then hourly: a no-op once the day has one.
    this.snapshotDelay = setTimeout(() => {
      void this.snapshotRanks();
      this.snapshotTimer = setInterval(() => void this.snapshotRanks(), SNAPSHOT_CHECK_MS);
      this.snapshotTimer.unref();
    }, SNAPSHOT_FIRST_MS);
    this.snapshotDelay.unref();
  }

  /** Takes today's category-rank snapshot unless taken, and forgets yesterday's click visitors. */
  snapshotRanks(): Promise<void> {
    const today = utcDay();
    this.flushing = this.flushing
      .then(() => (this.snapshotDay === today ? undefined : this.takeDailySnapshot(today)))
      .catch(this.onError);
    return this.flushing;
  }

  /** Views and visitors counted by ViewCounter, inside its flush's transaction. */
  async addViews(counted: CountedViews[], trx: Executor): Promise<void> {
    await this.deps.metrics.addMetrics(
      counted.flatMap((entry) => [
        { agentId: entry.agentId, day: entry.day, metric: 'views', value: entry.views },
        { agentId: entry.agentId, day: entry.day, metric: 'visitors', value: entry.views },
      ]),
      trx,
    );
  }

  recordClick(agentId: number, visitorHash: string, target: ClickTarget, at = Date.now()): void {
    const day = utcDay(at);
    this.clicks.set(`${agentId}:${visitorHash}:${target}:${day}`, { agentId, visitorHash, target, day });
  }

  /** The agents a visitor saw on the first page of the search `q` (once per visitor, term, agent and flush). */
  recordImpressions(q: string, agentIds: number[], visitorHash: string, at = Date.now()): void {
    const term = normalizeSearchTerm(q);
    if (!term) return;
    const day = utcDay(at);
    for (const agentId of new Set(agentIds)) {
      const seen = `i:${visitorHash}:${term}:${agentId}:${day}`;
      if (this.seenTerms.has(seen)) continue;
      this.seenTerms.add(seen);
      this.term(agentId, day, term).impressions += 1;
    }
  }

  /** The visitor opened the agent from the results of the search `q`. */
  recordSearchClick(q: string, agentId: number, visitorHash: string, at = Date.now()): void {
    const term = normalizeSearchTerm(q);
    if (!term) return;
    const day = utcDay(at);
    const seen = `c:${visitorHash}:${term}:${agentId}:${day}`;
    if (this.seenTerms.has(seen)) return;
    this.seenTerms.add(seen);
    this.term(agentId, day, term).clicks += 1;
  }

  /** Writes everything buffered, views included; concurrent calls run one after another. */
  async flush(): Promise<void> {
    await this.viewCounter?.flush();
    await this.flushOwn();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.snapshotDelay) clearTimeout(this.snapshotDelay);
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    await this.flushOwn();
  }

  private term(agentId: number, day: string, term: string): PendingTerm {
    const key = `${agentId}:${day}:${term}`;
    let entry = this.terms.get(key);
    if (!entry) {
      entry = { agentId, day, term, impressions: 0, clicks: 0 };
      this.terms.set(key, entry);
    }
    return entry;
  }

  private flushOwn(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending()).catch(this.onError);
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.clicks.size === 0 && this.terms.size === 0) return;
    const clicks = [...this.clicks.values()];
    const terms = [...this.terms.values()];
    this.clicks.clear();
    this.terms.clear();
    if (this.seenDay !== utcDay() || this.seenTerms.size > SEEN_TERMS_MAX) {
      this.seenTerms.clear();
      this.seenDay = utcDay();
    }
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const ids = [...new Set([...clicks.map((c) => c.agentId), ...terms.map((t) => t.agentId)])];
      const published = await this.deps.metrics.publishedIds(ids, trx);
      const fresh = await this.deps.metrics.recordClickVisitors(
        clicks.filter((click) => published.has(click.agentId)),
        trx,
      );
      await this.deps.metrics.addMetrics(
        fresh.map((click) => ({
          agentId: click.agentId,
          day: click.day,
          metric: `clicks_${click.target}`,
          value: 1,
        })),
        trx,
      );
      await this.deps.metrics.addSearchTerms(
        terms.filter((term) => published.has(term.agentId)),
        trx,
      );
    });
  }

  /**
   * The day's category ranks of agents that have an owner (only owners read them), and the click
   * pruning. Each category's published agents are ranked a page at a time, with the event loop free
   * between pages: ranking every agent in one go held SQLite, and with it every
   * request, for 0.4-0.6 s at 100,000 agents. An agent whose score moves while its category is walked
   * may rank by its old or its new score: the snapshot is the day's, not an instant's. Ranks are
   * upserts, so this process's first snapshot writes today's again whole (one cut short by a restart
   * is completed); later ones skip a day another instance has taken.
   */
  private async takeDailySnapshot(today: string): Promise<void> {
    const metrics = this.deps.metrics;
    if (this.snapshotDay === undefined || !(await metrics.hasRankSnapshot(today))) {
      for (const categoryId of await metrics.categoryIds()) {
        let position = 0;
        let after: { score: number; id: number } | null = null;
        for (;;) {
          const page = await metrics.rankingPage(categoryId, after, this.rankPageSize);
          const ranks = page.flatMap((agent, index) =>
            agent.owned ? [{ agentId: agent.id, rank: position + index + 1 }] : [],
          );
          if (ranks.length > 0)
            await this.deps.db.kysely.transaction().execute((trx) => metrics.writeRanks(today, ranks, trx));
          position += page.length;
          await nextTurn();
          const last = page.at(-1);
          if (!last || page.length < this.rankPageSize) break;
          after = { score: last.score, id: last.id };
        }
      }
    }
    await metrics.deleteClickVisitorsBefore(today);
    this.snapshotDay = today;
  }
}
