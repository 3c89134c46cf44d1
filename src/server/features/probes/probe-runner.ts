import { Piscina } from 'piscina';
import type { AgentEndpointRow } from '../../db/schema.js';
import type { OutboundFetch, OutboundPolicy } from '../../lib/outbound-fetch.js';
import { probeA2a, type A2aProbeInput } from './a2a-probe.js';
import { probeMcp, type ProbeOutcome } from './mcp-probe.js';

/** An endpoint to probe, with what only the scheduler knows of its listing (the A2A probe's input). */
export type ProbeTarget = Pick<AgentEndpointRow, 'kind' | 'url'> & A2aProbeInput;

/** Probes one endpoint and answers what it found; never rejects for anything the endpoint does. */
export type RunProbe = (endpoint: ProbeTarget) => Promise<ProbeOutcome>;

export function runProbeOf(endpoint: ProbeTarget, fetch: OutboundFetch): Promise<ProbeOutcome> {
  return endpoint.kind === 'mcp'
    ? probeMcp(endpoint.url, fetch)
    : probeA2a(endpoint.url, fetch, { claimDomains: endpoint.claimDomains ?? [] });
}

// Built code runs probe-worker.js; tests and `tsx` run the TypeScript source, which the worker loads with tsx.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './probe-worker.ts' : './probe-worker.js', import.meta.url);

/**
 * Runs probes on a worker thread. A probe is mostly CPU spent in the MCP SDK, web streams and TLS
 * (several ms each); on the thread that serves requests, a round of thousands of probes slowed the
 * catalogue's reads by a quarter. The worker starts with the first probe and stops when idle.
 */
export function createProbeRunner(
  policy: OutboundPolicy,
  options: {
    concurrency: number;
    /** Probes on this thread when the worker cannot run one (it failed to start or crashed). */
    fallback: RunProbe;
    onWorkerError: (error: unknown) => void;
  },
): RunProbe & { close(): Promise<void> } {
  const pool = new Piscina<ProbeTarget, ProbeOutcome>({
    filename: workerFile.href,
    workerData: policy,
    minThreads: 0,
    // One thread: probes mostly wait on the network, and the other cores serve requests.
    maxThreads: 1,
    idleTimeout: 60_000,
    // The scheduler bounds probes in flight; an owner's "probe now" may add a few.
    concurrentTasksPerWorker: options.concurrency + 8,
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
  });
  // A probe never rejects for what the endpoint does, so a rejection here is the worker's own failure.
  const run: RunProbe = ({ kind, url, claimDomains }) => {
    const target: ProbeTarget = { kind, url, ...(claimDomains ? { claimDomains: [...claimDomains] } : {}) };
    return pool.run(target).catch((error: unknown) => {
      options.onWorkerError(error);
      return options.fallback(target);
    });
  };
  return Object.assign(run, { close: () => pool.destroy() });
}
