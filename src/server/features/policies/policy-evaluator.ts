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
  private again = false;

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
  }

  /**
   * Evidence just moved for many servers at once (an advisory published or withdrawn): a pass starts
   * now, or right after the one under way, whose reading may predate the change.
   */
  requestRun(): void {
    if (this.current) this.again = true;
    else void this.runOnce();
  }

  /** One pass over every view (not two at once here); how many this instance evaluated. */
  async runOnce(): Promise<number> {
    if (this.current) return this.current;
    this.current = evaluateAllViews(this.deps)
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'policy view evaluation failed');
        return 0;
      })
      .finally(() => {
        this.current = null;
        if (this.again) {
          this.again = false;
          void this.runOnce();
        }
      });
    return this.current;
  }
}
