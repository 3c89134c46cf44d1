import type { FastifyBaseLogger } from 'fastify';
import type { AgentHealth } from '../../../shared/api/probes.js';
import type { AgentEndpointRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, conflict, invalid } from '../../errors.js';
import { OutboundRefusal } from '../../lib/outbound-fetch.js';
import { nowIso } from '../../lib/time.js';
import {
  CONFORMANCE_TIMEOUT_MS,
  ConformanceUnavailable,
  type ConformanceRunner,
} from './conformance-runner.js';
import type { ConformanceRepo } from './conformance.repo.js';
import { agentHealth, type ProbesDeps } from './probes.service.js';

export interface ConformanceDeps {
  probes: ProbesDeps;
  conformance: ConformanceRepo;
  runner: ConformanceRunner;
}

/** A run's lease outlasts the longest run, so it is never taken from a run still going. */
const LEASE_MS = CONFORMANCE_TIMEOUT_MS + 60_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type RunOutcome = { ran: true } | { ran: false; refusal: string };

/** Runs the suite against an endpoint whose lease is held, stores what it found and frees the lease. */
async function runLeased(
  deps: ConformanceDeps,
  endpoint: AgentEndpointRow,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  try {
    const result = await deps.runner.run(endpoint.url, signal ? { signal } : {});
    // Stopped half-way (the server shuts down): nothing is stored, the next weekly pass runs it again.
    if (signal?.aborted) {
      await deps.conformance.release(endpoint.id);
      return { ran: true };
    }
    await deps.conformance.record({
      endpointId: endpoint.id,
      triedAt: result.ranAt,
      result: JSON.stringify(result),
    });
    return { ran: true };
  } catch (error) {
    if (error instanceof OutboundRefusal) {
      await deps.conformance.record({
        endpointId: endpoint.id,
        triedAt: new Date().toISOString(),
        result: null,
      });
      return { ran: false, refusal: error.message };
    }
    await deps.conformance.release(endpoint.id);
    throw error;
  }
}

/**
 * Runs the conformance suite against the agent's MCP server now (its owner or an admin asked) and
 * answers the fresh health. An agent without an MCP server has nothing to run: its health as is.
 * A run already under way for the endpoint is not joined: the request is refused (409).
 */
export async function runConformanceNow(deps: ConformanceDeps, agentId: number): Promise<AgentHealth> {
  const now = Date.now();
  // Two requests at once may both add the endpoint's row: the one that loses finds it added.
  await deps.probes.probes
    .syncEndpoints(
      nowIso(() => now),
      { fromId: agentId, toId: agentId },
    )
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  const endpoint = (await deps.probes.probes.findByAgent(agentId)).find(({ kind }) => kind === 'mcp');
  if (!endpoint) return agentHealth(deps.probes, agentId);
  const claimed = await deps.conformance.claim({
    endpointId: endpoint.id,
    now: new Date(now).toISOString(),
    leaseUntil: new Date(now + LEASE_MS).toISOString(),
  });
  if (!claimed)
    throw conflict(
      'The conformance suite is already running against this MCP server; its result shows when it ends.',
    );
  const outcome = await runLeased(deps, claimed).catch((error: unknown) => {
    throw error instanceof ConformanceUnavailable ? new AppError('unavailable', error.message) : error;
  });
  if (!outcome.ran) throw invalid(outcome.refusal);
  return agentHealth(deps.probes, agentId);
}

/**
 * Runs the conformance suite weekly against every MCP endpoint, one at a time, the endpoint tried
 * longest ago first. Each run holds the endpoint's lease in the database, so of several instances
 * sharing it exactly one runs a given endpoint. Without a Node the suite runs on, it says so once in
 * the log and runs nothing.
 */
export class ConformanceSchedule {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<number> | undefined;
  private abort = new AbortController();
  private warned = false;

  constructor(
    private readonly deps: ConformanceDeps,
    private readonly options: {
      log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
      /** How often it looks for endpoints due. */
      checkMs?: number;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.abort = new AbortController();
    this.timer = setInterval(() => void this.runDue(), this.options.checkMs ?? 10 * 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** Runs every endpoint due, one after the other; answers how many ran. A run under way is joined. */
  runDue(now: () => number = Date.now): Promise<number> {
    this.current ??= this.runAll(now)
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'conformance run failed');
        return 0;
      })
      .finally(() => {
        this.current = undefined;
      });
    return this.current;
  }

  private async runAll(now: () => number): Promise<number> {
    const reason = await this.deps.runner.unavailable();
    if (reason) {
      if (!this.warned) this.options.log.warn(`${reason} The weekly conformance runs are skipped.`);
      this.warned = true;
      return 0;
    }
    let ran = 0;
    const { signal } = this.abort;
    while (!signal.aborted) {
      const at = now();
      const triedBefore = new Date(at - WEEK_MS).toISOString();
      const due = await this.deps.conformance.findDue({ triedBefore, now: new Date(at).toISOString() });
      if (!due) break;
      const claimed = await this.deps.conformance.claim({
        endpointId: due.id,
        now: new Date(at).toISOString(),
        leaseUntil: new Date(at + LEASE_MS).toISOString(),
        dueBefore: triedBefore,
      });
      // Another instance took it, or ran it, between the look and the lease: look again.
      if (!claimed) continue;
      await runLeased(this.deps, claimed, signal);
      if (!signal.aborted) ran += 1;
    }
    return ran;
  }
}
