import type { FastifyBaseLogger } from 'fastify';
import { appendQueued, type TransparencyDeps } from './transparency.service.js';

/** Observations appended per transaction: one signed head each. */
export const APPEND_BATCH = 1000;

export type DrainResult =
  { outcome: 'drained'; appended: number; treeSize: number } | { outcome: 'not-writer' };

/**
 * The log's one writer. Every instance ticks; the one holding the lease in the database
 * (transparency_writer) drains the queue in order, appends, stores the new subtree hashes and signs a
 * tree head; the others do nothing until the lease lapses (its holder stopped or died). The lease is
 * renewed at every tick and at every append, and checked inside each append's transaction.
 */
export class TransparencyLogWriter {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DrainResult> | undefined;
  private readonly leaseMs: number;

  constructor(
    private readonly deps: TransparencyDeps,
    private readonly options: {
      instanceId: string;
      intervalMs: number;
      log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
      batch?: number;
    },
  ) {
    // Long enough to survive a few slow ticks, short enough that another instance takes over soon.
    this.leaseMs = Math.max(30_000, options.intervalMs * 6);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.drainNow().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'transparency log append failed'),
      );
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    // Hand the lease over at once rather than after it lapses.
    await this.deps.log.releaseLease(this.options.instanceId).catch(() => {});
  }

  /**
   * Appends everything queued now, if this instance is (or becomes) the writer; a run already under
   * way here is waited for and followed by another, so what was queued before the call is appended.
   */
  async drainNow(): Promise<DrainResult> {
    while (this.running) await this.running.catch(() => {});
    const run = this.drain().finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async drain(): Promise<DrainResult> {
    const batch = this.options.batch ?? APPEND_BATCH;
    const now = Date.now();
    const held = await this.deps.log.takeLease({
      owner: this.options.instanceId,
      now: new Date(now).toISOString(),
      until: new Date(now + this.leaseMs).toISOString(),
    });
    if (!held) return { outcome: 'not-writer' };
    let appended = 0;
    for (;;) {
      const result = await appendQueued(this.deps, {
        owner: this.options.instanceId,
        leaseMs: this.leaseMs,
        batch,
      });
      if ('lostLease' in result) {
        this.options.log.warn('transparency log: the writer lease moved to another instance');
        return { outcome: 'not-writer' };
      }
      appended += result.appended;
      if (result.appended < batch) return { outcome: 'drained', appended, treeSize: result.treeSize };
    }
  }
}
