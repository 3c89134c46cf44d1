import { utcDay } from '../../lib/time.js';
import type { Executor } from '../../db/database.js';
import { refreshTrending, type AgentsServiceDeps } from './agents.service.js';

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

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    const counted = new Map<string, CountedViews>();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      for (const view of batch) {
        if (!(await this.deps.agents.exists(view.agentId, trx))) continue;
        if (!(await this.deps.agents.recordVisitor(view.agentId, view.visitorHash, view.day, trx))) continue;
        const key = `${view.agentId}:${view.day}`;
        const entry = counted.get(key) ?? { agentId: view.agentId, day: view.day, views: 0 };
        entry.views += 1;
        counted.set(key, entry);
      }
      for (const entry of counted.values())
        await this.deps.agents.addViews(entry.agentId, entry.day, entry.views, trx);
      if (this.onCounted && counted.size > 0) await this.onCounted([...counted.values()], trx);
    });
    const agentIds = [...new Set([...counted.values()].map((entry) => entry.agentId))];
    if (agentIds.length > 0) await refreshTrending(this.deps, agentIds);
  }
}
