import type { FastifyBaseLogger } from 'fastify';
import type { AgentEndpointRow } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { UPTIME_DAYS } from '../../../shared/api/probes.js';
import { PROBE_LEASE_MS, recordOutcome, runProbeOf, type ProbesDeps } from './probes.service.js';

export interface ProbeSchedulerOptions {
  /** Probes in flight at once, over every host. */
  concurrency: number;
  /** Probes in flight at once against one host: politeness towards servers that list many agents. */
  perHost?: number;
  /** Names this instance in the leases it takes. */
  instanceId: string;
  /** How often the scheduler looks for due endpoints. */
  tickMs?: number;
  /** How often published listings and endpoints are compared (new, changed, removed addresses). */
  syncEveryMs?: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Probe results older than this are dropped: uptime reads 30 days, and a day more covers clock edges. */
const RETENTION_MS = (UPTIME_DAYS + 1) * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Probes every endpoint of every published agent, each on its own jittered schedule (next_probe_at).
 * Several instances may run it against one database: each endpoint is leased to one of them
 * (probes.repo.ts claimDue), so a round probes each endpoint once, whichever instance does it.
 */
export class ProbeScheduler {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<number> | undefined;
  private lastSync = 0;
  private lastPrune = 0;
  private readonly perHost: number;
  private readonly tickMs: number;
  private readonly syncEveryMs: number;

  constructor(
    private readonly deps: ProbesDeps,
    private readonly options: ProbeSchedulerOptions,
  ) {
    this.perHost = options.perHost ?? 2;
    this.tickMs = options.tickMs ?? 5000;
    this.syncEveryMs = options.syncEveryMs ?? 30_000;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () =>
        void this.runRound().catch((error: unknown) =>
          this.options.log.error({ err: error }, 'probe round failed'),
        ),
      this.tickMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round?.catch(() => {});
  }

  /**
   * Probes what is due now (the endpoints this instance could lease) and answers how many it probed.
   * A round already under way is joined, not doubled.
   */
  runRound(options: { sync?: boolean } = {}): Promise<number> {
    this.round ??= this.probeDue(options.sync ?? false).finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  private async probeDue(forceSync: boolean): Promise<number> {
    const now = Date.now();
    if (forceSync || now - this.lastSync >= this.syncEveryMs) {
      await this.deps.probes.syncEndpoints(nowIso(() => now));
      this.lastSync = now;
    }
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.deps.probes.pruneResults(new Date(now - RETENTION_MS).toISOString());
    }
    let probed = 0;
    const batch = this.options.concurrency * 4;
    for (;;) {
      const claimedAt = Date.now();
      const claimed = await this.deps.probes.claimDue({
        owner: this.options.instanceId,
        now: new Date(claimedAt).toISOString(),
        leaseUntil: new Date(claimedAt + PROBE_LEASE_MS).toISOString(),
        limit: batch,
      });
      if (claimed.length === 0) return probed;
      await this.probeAll(claimed);
      probed += claimed.length;
      if (claimed.length < batch) return probed;
    }
  }

  /** Runs the probes with the global cap and the per-host cap; a failing write is logged, the lease then lapses. */
  private async probeAll(endpoints: AgentEndpointRow[]): Promise<void> {
    const waiting = [...endpoints];
    const perHost = new Map<string, number>();
    const running = new Set<Promise<void>>();
    const hostOf = (endpoint: AgentEndpointRow) => {
      try {
        return new URL(endpoint.url).host;
      } catch {
        return endpoint.url;
      }
    };
    while (waiting.length > 0 || running.size > 0) {
      while (running.size < this.options.concurrency) {
        const index = waiting.findIndex((endpoint) => (perHost.get(hostOf(endpoint)) ?? 0) < this.perHost);
        if (index < 0) break;
        const [endpoint] = waiting.splice(index, 1) as [AgentEndpointRow];
        const host = hostOf(endpoint);
        perHost.set(host, (perHost.get(host) ?? 0) + 1);
        const task: Promise<void> = runProbeOf(endpoint, this.deps.fetch)
          .then((outcome) => recordOutcome(this.deps, endpoint, outcome))
          .catch((error: unknown) =>
            this.options.log.error({ err: error, endpoint: endpoint.id }, 'probe not recorded'),
          )
          .finally(() => {
            perHost.set(host, (perHost.get(host) ?? 1) - 1);
            running.delete(task);
          });
        running.add(task);
      }
      if (running.size === 0) return;
      await Promise.race(running);
    }
  }
}
