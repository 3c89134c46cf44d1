import { utcDay } from '../../lib/time.js';
import type { Executor } from '../../db/database.js';
import { updateTrendingScores, type AgentsServiceDeps } from './agents.service.js';

/** The views a flush counted, per agent and day (each from a distinct visitor). */
export interface CountedViews {
  agentId: number;
  day: string;
  views: number;
}

/**
 * Counts agent views once per visitor, agent and day. Views arrive on the hot
 * path of every agent page, so they are buffered and written in one transaction per flush
 * instead of one synchronous disk write per request.
 */
export class ViewCounter {
  private pending = new Map<string, { agentId: number; visitorHash: string; day: string }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: AgentsServiceDeps,
    private readonly onError: (error: unknown) => void,
    private readonly flushIntervalMs = 1000,
    /** Runs inside the flush's transaction with what it counted (the owners' daily figures). */
    private readonly onCounted?: (counted: CountedViews[], trx: Executor) => Promise<void>,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  record(agentId: number, visitorHash: string, at = Date.now()): void {
    const day = utcDay(at);
    this.pending.set(`${agentId}:${visitorHash}:${day}`, { agentId, visitorHash, day });
  }

  /** Writes what is buffered; concurrent calls run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending()).catch(this.onError);
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /**
   * One short transaction a flush, of a few statements whatever the number of views (each multi-row):
   * which agents still exist, which visitors are new, the days' activity and totals, the owners' daily
   * figures and the trending scores the activity feeds.
   */
  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const existing = await this.deps.agents.existingIds(
        batch.map((view) => view.agentId),
        trx,
      );
      const newVisitors = await this.deps.agents.recordVisitors(
        batch.filter((view) => existing.has(view.agentId)),
        trx,
      );
      const counted = new Map<string, CountedViews>();
      for (const view of newVisitors) {
        const key = `${view.agentId}:${view.day}`;
        const entry = counted.get(key) ?? { agentId: view.agentId, day: view.day, views: 0 };
        entry.views += 1;
        counted.set(key, entry);
      }
      if (counted.size === 0) return;
      await this.deps.agents.addViews([...counted.values()], trx);
      if (this.onCounted) await this.onCounted([...counted.values()], trx);
      await updateTrendingScores(this.deps, trx, [...new Set(newVisitors.map((view) => view.agentId))]);
    });
  }
}
