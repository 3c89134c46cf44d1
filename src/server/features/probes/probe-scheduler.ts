import type { FastifyBaseLogger } from 'fastify';
import type { AgentEndpointRow } from '../../db/schema.js';
import { nextTurn } from '../../lib/next-turn.js';
import { nowIso } from '../../lib/time.js';
import { PROBE_TIMEOUT_MS } from './mcp-probe.js';
import { PROBE_LEASE_MS, probeEndpoint, type ProbesDeps } from './probes.service.js';
import { UPTIME_DAYS } from '../../../shared/trust.js';

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
  /** Agents compared per step of that comparison, the event loop free between steps. */
  syncStepAgents?: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Probe results older than this are dropped: uptime reads 30 days, and a day more covers clock edges. */
const RETENTION_MS = (UPTIME_DAYS + 1) * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Agents compared with their endpoints per step of a sync: a few milliseconds of SQLite. */
const SYNC_STEP_AGENTS = 2_000;
/** Probes may start this much faster than one round per interval needs, to catch up after a pause. */
const PACE_HEADROOM = 1.25;
/** A small fleet is probed at this pace at least: cheap (a probe costs a few ms of CPU) and prompt. */
const MIN_RATE_PER_S = 10;

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
  private endpointCount = 0;
  private readonly pace: ProbePace;

  constructor(
    private readonly deps: ProbesDeps,
    private readonly options: ProbeSchedulerOptions,
  ) {
    this.perHost = options.perHost ?? 2;
    this.tickMs = options.tickMs ?? 5000;
    this.syncEveryMs = options.syncEveryMs ?? 30_000;
    this.pace = new ProbePace(
      () => Math.max(MIN_RATE_PER_S, (this.endpointCount * PACE_HEADROOM) / deps.intervalS),
      options.concurrency,
    );
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

  /**
   * Compares every published listing with its endpoints, a range of agent ids at a time: in one
   * statement per kind it scanned every agent, 50-90 ms of the event loop every 30 s at 100,000
   * agents (better-sqlite3 answers on it).
   */
  private async syncEndpoints(now: string): Promise<void> {
    const step = this.options.syncStepAgents ?? SYNC_STEP_AGENTS;
    const highest = await this.deps.probes.highestAgentId();
    for (let fromId = 0; fromId <= highest; fromId += step) {
      await this.deps.probes.syncEndpoints(now, { fromId, toId: fromId + step - 1 });
      await nextTurn();
    }
  }

  private async probeDue(forceSync: boolean): Promise<number> {
    const now = Date.now();
    if (forceSync || now - this.lastSync >= this.syncEveryMs) {
      await this.syncEndpoints(nowIso(() => now));
      this.endpointCount = await this.deps.probes.countEndpoints();
      this.lastSync = now;
    }
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.deps.probes.pruneResults(new Date(now - RETENTION_MS).toISOString());
    }
    return this.probeAll();
  }

  /**
   * Probes until nothing is due: slots are refilled as soon as a probe ends (a slow server holds only
   * its own slot), at most `perHost` at once per host, and no faster than the pace.
   */
  private async probeAll(): Promise<number> {
    const waiting: Leased[] = [];
    const perHost = new Map<string, number>();
    const running = new Set<Promise<void>>();
    const { concurrency, instanceId } = this.options;
    let probed = 0;
    let drained = false;

    for (;;) {
      // Lease more when the queue runs short, and stop looking once nothing more is due.
      if (!drained && waiting.length < concurrency) {
        const claimedAt = Date.now();
        const claimed = await this.deps.probes.claimDue({
          owner: instanceId,
          now: new Date(claimedAt).toISOString(),
          leaseUntil: new Date(claimedAt + PROBE_LEASE_MS).toISOString(),
          limit: concurrency * 2 - waiting.length,
        });
        if (claimed.length === 0) drained = true;
        for (const endpoint of claimed) waiting.push({ endpoint, host: hostOf(endpoint.url), claimedAt });
      }
      // A lease about to run out before its probe could finish goes back for another instance.
      const stale = waiting.filter(
        (entry) => Date.now() - entry.claimedAt > PROBE_LEASE_MS - LEASE_MARGIN_MS,
      );
      if (stale.length > 0) {
        for (const entry of stale) waiting.splice(waiting.indexOf(entry), 1);
        await this.deps.probes.releaseLeases(
          stale.map((entry) => entry.endpoint.id),
          instanceId,
        );
      }

      while (running.size < concurrency) {
        const index = waiting.findIndex((entry) => (perHost.get(entry.host) ?? 0) < this.perHost);
        if (index < 0) break;
        const wait = this.pace.take();
        if (wait > 0) break;
        const [{ endpoint, host }] = waiting.splice(index, 1) as [Leased];
        perHost.set(host, (perHost.get(host) ?? 0) + 1);
        const task: Promise<void> = probeEndpoint(this.deps, endpoint)
          .catch((error: unknown) =>
            this.options.log.error({ err: error, endpoint: endpoint.id }, 'probe not recorded'),
          )
          .finally(() => {
            perHost.set(host, (perHost.get(host) ?? 1) - 1);
            running.delete(task);
          });
        running.add(task);
        probed += 1;
      }

      if (running.size === 0 && waiting.length === 0 && drained) return probed;
      const paceWait = this.pace.nextIn();
      const startable = waiting.some((entry) => (perHost.get(entry.host) ?? 0) < this.perHost);
      // Wait for a probe to end, or for the pace to allow the next one, whichever comes first.
      const timers: Promise<unknown>[] = [...running];
      if (startable && running.size < concurrency) timers.push(sleep(Math.max(paceWait, 5)));
      else if (running.size === 0) timers.push(sleep(Math.max(paceWait, 50)));
      await Promise.race(timers);
    }
  }
}

interface Leased {
  endpoint: AgentEndpointRow;
  host: string;
  claimedAt: number;
}

/** Time a probe needs at most once started, kept free at the end of its lease. */
const LEASE_MARGIN_MS = PROBE_TIMEOUT_MS * 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The pace: every endpoint once per interval, with a quarter to spare, so a round spreads over the
 * interval instead of probing everything at once; a burst of up to `burst` starts is allowed (a
 * newly published agent, an owner's first minutes).
 */
export class ProbePace {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly ratePerS: () => number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerS());
    this.last = now;
  }

  /** Takes a start if one is available (answers 0), else answers the ms until one is. */
  take(): number {
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return this.nextIn();
  }

  nextIn(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.ratePerS()) * 1000);
  }
}
