import { Counter, Histogram, type Metric } from 'prom-client';

/**
 * What the process counts for Prometheus (ops/prometheus.ts serves them on METRICS_PORT). They belong
 * to no registry until a metrics server registers them, and counting costs a map look-up, so the
 * features count whether anything is scraped or not.
 */

/** The route label of a catalogue read answered from the response cache in front of the router. */
export const CACHED_ROUTE = '(response cache)';
/** The route label of a request no route matched (a 404): never the raw URL, whose values are endless. */
export const UNMATCHED_ROUTE = '(unmatched)';

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request on the public port, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [],
});

export const responseCacheHits = new Counter({
  name: 'agentatlas_response_cache_hits_total',
  help: 'Public catalogue reads answered from the response cache.',
  registers: [],
});

export const responseCacheMisses = new Counter({
  name: 'agentatlas_response_cache_misses_total',
  help: 'Public catalogue reads the response cache did not hold, so they were computed.',
  registers: [],
});

export const probesTotal = new Counter({
  name: 'agentatlas_probes_total',
  help: 'Endpoint probes recorded, by outcome (the status the probe found).',
  labelNames: ['outcome'] as const,
  registers: [],
});

export const webhookDeliveriesTotal = new Counter({
  name: 'agentatlas_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome: delivered, retrying (will be tried again) or failed (given up).',
  labelNames: ['outcome'] as const,
  registers: [],
});

export const databaseQueriesTotal = new Counter({
  name: 'agentatlas_database_queries_total',
  help: 'Statements sent to the database (each one round trip on PostgreSQL), transaction control included.',
  registers: [],
});

export const opsCounters: Metric<string>[] = [
  databaseQueriesTotal,
  httpRequestDuration,
  responseCacheHits,
  responseCacheMisses,
  probesTotal,
  webhookDeliveriesTotal,
];
