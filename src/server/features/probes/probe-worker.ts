/** The worker thread of probe-runner.ts: its own guarded fetch, built from the server's policy. */
import { workerData } from 'node:worker_threads';
import { createOutboundFetch, type OutboundPolicy } from '../../lib/outbound-fetch.js';
import { runProbeOf, type ProbeTarget } from './probe-runner.js';

const fetch = createOutboundFetch(workerData as OutboundPolicy);

export default function probe(endpoint: ProbeTarget) {
  return runProbeOf(endpoint, fetch);
}
