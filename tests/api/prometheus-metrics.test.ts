import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import type { CreatedWebhook } from '../../src/shared/api/webhooks.js';
import { factories } from '../support/factories.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { parsePrometheusText, sampleValue, type MetricFamily } from '../support/prometheus-text.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

let t: TestApp;
let metricsUrl: string;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: '0', OUTBOUND_ALLOW_PRIVATE: 'true' });
  const address = t.app.metricsAddress();
  if (!address) throw new Error('the metrics server is not listening');
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
});
afterAll(async () => {
  await t.close();
  for (const close of closers) await close();
});

async function scrape(): Promise<Map<string, MetricFamily>> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

const duration = (families: Map<string, MetricFamily>, labels: Record<string, string>) =>
  sampleValue(families, 'http_request_duration_seconds_count', labels);

describe('GET /metrics on METRICS_PORT', () => {
  it('times requests by route pattern and status, and counts response-cache hits and misses', async () => {
    const agent = await factories(t.app).createAgent({ status: 'published' });
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) expect((await t.request(`/api/agents/${agent.slug}`)).status).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect((await t.request('/api/agents/no-such-agent-here')).status).toBe(404);
    expect((await t.request('/api/no/such/route')).status).toBe(404);
    const after = await scrape();

    const detail = { method: 'GET', route: '/api/agents/:id', status_code: '200' };
    const missing = { ...detail, status_code: '404' };
    // The first two reads are computed (the cache keeps an answer asked for twice); the third is a hit,
    // answered in front of the router and timed under its own route label.
    expect(duration(after, detail) - duration(before, detail)).toBe(2);
    expect(duration(after, missing) - duration(before, missing)).toBe(2);
    const cached = { method: 'GET', route: '(response cache)', status_code: '200' };
    expect(duration(after, cached) - duration(before, cached)).toBe(1);
    const unmatched = { method: 'GET', route: '(unmatched)', status_code: '404' };
    expect(duration(after, unmatched) - duration(before, unmatched)).toBe(1);
    const hits = (f: Map<string, MetricFamily>) => sampleValue(f, 'agentatlas_response_cache_hits_total');
    const misses = (f: Map<string, MetricFamily>) => sampleValue(f, 'agentatlas_response_cache_misses_total');
    expect(hits(after) - hits(before)).toBe(1);
    // The two computed details and the two reads of a missing agent, which are looked up too.
    expect(misses(after) - misses(before)).toBe(4);

    const histogram = after.get('http_request_duration_seconds')!;
    expect(histogram.type).toBe('histogram');
    // Route labels are patterns, never the raw URL with its slug.
    const routes = new Set(histogram.samples.map((sample) => sample.labels.route));
    expect([...routes].some((route) => route?.includes(agent.slug))).toBe(false);
    expect([...routes].some((route) => route?.includes('no-such-agent-here'))).toBe(false);
    // Buckets are cumulative and end at +Inf with the count.
    const buckets = histogram.samples.filter(
      (sample) =>
        sample.name.endsWith('_bucket') &&
        sample.labels.route === detail.route &&
        sample.labels.status_code === '200',
    );
    expect(buckets.at(-1)!.labels.le).toBe('+Inf');
    expect(buckets.at(-1)!.value).toBe(duration(after, detail));
    for (let i = 1; i < buckets.length; i += 1)
      expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
  });

  it('counts probes by outcome and webhook deliveries by outcome, and shows the outbox depth', async () => {
    const mcp = await startFakeMcp({ tools: ['search'] });
    closers.push(() => mcp.close());
    const hooks = await startWebhookReceiver();
    closers.push(hooks.close);
    const owner = await signUpPerson(t);
    const agent = await factories(t.app).createAgent({ owner_id: owner.user.id, mcp_url: mcp.url });
    const webhook = await callApi<CreatedWebhook>(t, 'POST', '/api/user/webhooks', owner.cookie, {
      url: hooks.url,
      events: ['claim.lapsed'],
    });
    expect(webhook.status).toBe(201);
    hooks.state.secret = webhook.body.secret;

    const before = await scrape();
    expect((await callApi(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie)).status).toBe(200);
    // Queued, not yet sent: the outbox holds it until the dispatcher's next run.
    await t.app.webhookDispatcher.stop();
    expect(
      (await callApi(t, 'POST', `/api/user/webhooks/${webhook.body.id}/test`, owner.cookie)).status,
    ).toBe(202);
    const queued = await scrape();
    expect(sampleValue(queued, 'agentatlas_webhook_outbox_depth', { state: 'pending' })).toBe(1);
    expect(sampleValue(queued, 'agentatlas_webhook_outbox_depth', { state: 'due' })).toBe(1);
    await t.app.webhookDispatcher.runOnce();
    const after = await scrape();

    const probes = (f: Map<string, MetricFamily>) =>
      sampleValue(f, 'agentatlas_probes_total', { outcome: 'up' });
    expect(probes(after) - probes(before)).toBe(1);
    const delivered = (f: Map<string, MetricFamily>) =>
      sampleValue(f, 'agentatlas_webhook_deliveries_total', { outcome: 'delivered' });
    expect(delivered(after) - delivered(before)).toBe(1);
    expect(hooks.state.received).toHaveLength(1);
    expect(sampleValue(after, 'agentatlas_webhook_outbox_depth', { state: 'pending' })).toBe(0);
  });

  it('counts the statements sent to the database, which a write adds to', async () => {
    const person = await signUpPerson(t);
    const agent = await factories(t.app).createAgent({ status: 'published' });
    const queries = (f: Map<string, MetricFamily>) => sampleValue(f, 'agentatlas_database_queries_total');
    const before = await scrape();
    const added = await callApi(t, 'POST', '/api/favorites', person.cookie, { agentId: agent.id });
    expect(added.status).toBe(201);
    const after = await scrape();
    expect(after.get('agentatlas_database_queries_total')!.type).toBe('counter');
    // The favorite's own statements at least: its insert, the agent's counters and the commit.
    expect(queries(after) - queries(before)).toBeGreaterThanOrEqual(3);
  });

  it('has the process metrics, the event-loop lag and the queue depths', async () => {
    const families = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'agentatlas_probe_queue_depth',
    ])
      expect(families.has(name), name).toBe(true);
    expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(
      families
        .get('agentatlas_image_queue_depth')!
        .samples.map((s) => s.labels.state)
        .sort(),
    ).toEqual(['active', 'waiting']);
  });

  it('has every metric the Grafana dashboard in docs/ queries', async () => {
    const dashboard = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/grafana-dashboard.json'), 'utf8'),
    ) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    const queried = new Set(
      exprs.flatMap((expr) => expr.match(/\b(http|agentatlas|process|nodejs)_[a-z0-9_]+/g) ?? []),
    );
    expect(queried.size).toBeGreaterThan(10);
    const families = await scrape();
    for (const name of queried) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      expect(families.has(name) || families.has(family), name).toBe(true);
    }
  });

  it('answers 404 to anything but GET /metrics', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});

describe('the public port', () => {
  it('has no Prometheus /metrics route', async () => {
    const response = await t.request('/metrics');
    const body = await response.text();
    expect(response.headers.get('content-type') ?? '').not.toMatch(/version=0\.0\.4/);
    expect(body).not.toContain('http_request_duration_seconds');
    expect(body).not.toContain('process_cpu_user_seconds_total');
  });

  it('METRICS_PORT unset serves no metrics; the same port as PORT is refused', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.metricsAddress()).toBeNull();
    } finally {
      await plain.close();
    }
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '9464' })).not.toThrow();
  });
});
