import type { FastifyBaseLogger } from 'fastify';
import { POLICY_EVALUATION_INTERVAL_S } from '../../../shared/api/policies.js';
import { evaluateAllViews, type PoliciesDeps } from './policies.service.js';

/**
 * Evaluates every policy view against the evidence every POLICY_EVALUATION_INTERVAL_S, so a server
 * whose evidence moved (a failed probe, a lapsed claim, a new tool set, an advisory) leaves or joins
 * the views well within one probe interval. Each view is leased, so of several instances one writes it.
 */
export class PolicyEvaluator {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<number> | null = null;
  /** The pass that starts when the current one ends: every caller meanwhile waits for it. */
  private next: Promise<number> | null = null;

  constructor(
    private readonly deps: PoliciesDeps,
    private readonly options: { log: Pick<FastifyBaseLogger, 'error'>; intervalMs?: number },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.runOnce(),
      this.options.intervalMs ?? POLICY_EVALUATION_INTERVAL_S * 1000,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    await this.next;
  }

  /** Evidence just moved for many servers at once (an advisory published or withdrawn): a pass, soon. */
  requestRun(): void {
    void this.runOnce();
  }

  /**
   * A pass over every view that starts after this call (so it reads the evidence as it is now): at
   * once, or right after the pass under way; callers meanwhile share it. How many views this instance
   * evaluated.
   */
  runOnce(): Promise<number> {
    if (!this.current) return this.begin();
    this.next ??= this.current.then(() => {
      this.next = null;
      return this.begin();
    });
    return this.next;
  }

  private begin(): Promise<number> {
    this.current = evaluateAllViews(this.deps)
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'policy view evaluation failed');
        return 0;
      })
      .finally(() => {
        this.current = null;
      });
    return this.current;
  }
}
