import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { httpRequestDuration, opsCounters, UNMATCHED_ROUTE } from './ops-counters.js';
import { createOpsRepo } from './ops.repo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics port's address once the app is ready with METRICS_PORT set; null otherwise. */
    metricsAddress(): AddressInfo | null;
  }
}

/**
 * The registry one app's metrics server answers with: the process's own metrics (CPU, memory, event-loop
 * lag, GC), the counters the features keep (ops/ops-counters.ts) and the depths of the work queues,
 * read from the database when scraped.
 */
export function createMetricsRegistry(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of opsCounters) registry.registerMetric(metric);
  const ops = createOpsRepo(app.db);
  // A database that does not answer leaves the gauges out of this scrape rather than failing it: the
  // process metrics matter most exactly then.
  const guarded = (what: string, read: () => Promise<void>) =>
    read().catch((error: unknown) => app.log.warn({ err: error }, `metrics: ${what} not read`));
  const outbox: Gauge<'state'> = new Gauge({
    name: 'agentatlas_webhook_outbox_depth',
    help: 'Webhook deliveries waiting to be sent: all pending ones (state="pending") and those already due (state="due").',
    labelNames: ['state'] as const,
    registers: [registry],
    collect: () =>
      guarded('webhook outbox', async () => {
        const { pending, due } = await ops.countPendingDeliveries(new Date().toISOString());
        outbox.set({ state: 'pending' }, pending);
        outbox.set({ state: 'due' }, due);
      }),
  });
  const probeQueue: Gauge = new Gauge({
    name: 'agentatlas_probe_queue_depth',
    help: 'Endpoints whose next probe is due and not yet taken: grows when probing falls behind.',
    registers: [registry],
    collect: () =>
      guarded('probe queue', async () => probeQueue.set(await ops.countDueProbes(new Date().toISOString()))),
  });
  new Gauge({
    name: 'agentatlas_image_queue_depth',
    help: 'Uploaded images being decoded (state="active") and waiting for a worker (state="waiting").',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { active, waiting } = app.services.storage.images.size();
      this.set({ state: 'active' }, active);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  return registry;
}

/** Serves GET /metrics in the Prometheus text format on its own port; everything else is a 404. */
function createMetricsServer(registry: Registry): http.Server {
  return http.createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  });
}

/**
 * With METRICS_PORT set: times every request the router answers by its route pattern (never the raw
 * URL, whose values are endless series) and, once the app is ready, serves the metrics on that port,
 * bound to HOST like the public one. Unset, it adds nothing.
 */
async function prometheusMetrics(app: FastifyInstance) {
  let server: http.Server | undefined;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null | undefined) ?? null);
  const port = app.config.metricsPort;
  if (port === undefined) return;

  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onReady', async () => {
    const listening = createMetricsServer(createMetricsRegistry(app));
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, app.config.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    server = listening;
    app.log.info({ address: listening.address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    const closing = server;
    server = undefined;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    // A scraper keeps its connection open between scrapes; close() alone would wait for it.
    closing.closeAllConnections();
    await closed;
  });
}

export default fp(prometheusMetrics, { name: 'prometheus-metrics' });
