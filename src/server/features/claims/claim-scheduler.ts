import type { FastifyBaseLogger } from 'fastify';
import { recheckDueClaims, type ClaimsDeps } from './claims.service.js';

const TICK_MS = 60_000;
const BATCH = 50;

/**
 * Checks active claims again once a day (each claim's next_check_at). Several instances may run it:
 * each claim is leased to one of them (claims.repo.ts leaseDue).
 */
export class ClaimScheduler {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<number> | undefined;

  constructor(
    private readonly deps: ClaimsDeps,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () =>
        void this.runRound().catch((error: unknown) =>
          this.log.error({ err: error }, 'claim re-check failed'),
        ),
      TICK_MS,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round?.catch(() => {});
  }

  /** Checks every claim due by `now`, in batches; a round already under way is joined. */
  runRound(now: number = Date.now()): Promise<number> {
    this.round ??= (async () => {
      let checked = 0;
      for (;;) {
        const count = await recheckDueClaims(this.deps, now, BATCH);
        checked += count;
        if (count < BATCH) return checked;
      }
    })().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }
}
