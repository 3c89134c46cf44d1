import { randomUUID } from 'node:crypto';
import http from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT_BYTES } from '../shared/limits.js';
import type { Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import agentsRoutes from './features/agents/agents.routes.js';
import { refreshTrending } from './features/agents/agents.service.js';
import { refreshSiteMean } from './features/reviews/reviews.write.service.js';
import { ViewCounter } from './features/agents/view-counter.js';
import { MetricsRecorder } from './features/metrics/metrics-recorder.js';
import metricsRoutes from './features/metrics/metrics.routes.js';
import historyRoutes from './features/history/history.routes.js';
import authRoutes from './features/auth/auth.routes.js';
import githubSigninRoutes from './features/auth/github-signin.routes.js';
import healthRoutes from './features/health/health.routes.js';
import newsletterRoutes from './features/newsletter/newsletter.routes.js';
import notificationsRoutes from './features/notifications/notifications.routes.js';
import favoritesRoutes from './features/favorites/favorites.routes.js';
import reviewsRoutes from './features/reviews/reviews.routes.js';
import reportsRoutes from './features/reports/reports.routes.js';
import reportsAdminRoutes from './features/reports/reports.admin.routes.js';
import submissionsRoutes from './features/submissions/submissions.routes.js';
import ownerAgentsRoutes from './features/owner-agents/owner-agents.routes.js';
import moderationRoutes from './features/admin/moderation.routes.js';
import categoriesRoutes from './features/categories/categories.routes.js';
import categoriesAdminRoutes from './features/categories/categories.admin.routes.js';
import githubRoutes from './features/github/github.routes.js';
import verificationRoutes from './features/claims/verification.routes.js';
import claimsRoutes from './features/claims/claims.routes.js';
import { ClaimScheduler } from './features/claims/claim-scheduler.js';
import recordRoutes from './features/record/record.routes.js';
import toolRecordRoutes from './features/tool-record/tool-record.routes.js';
import badgesRoutes from './features/badges/badges.routes.js';
import uploadsRoutes from './features/storage/uploads.routes.js';
import storageAdminRoutes from './features/storage/storage.admin.routes.js';
import pagesRoutes from './features/seo/pages.routes.js';
import seoRoutes from './features/seo/seo.routes.js';
import probesRoutes from './features/probes/probes.routes.js';
import mcpRoutes from './features/mcp/mcp.routes.js';
import feedsRoutes from './features/feeds/feeds.routes.js';
import webhooksRoutes from './features/webhooks/webhooks.routes.js';
import importsRoutes from './features/imports/imports.routes.js';
import { apiTags, withExamples } from './http/api-docs.js';
import registrySyncRoutes from './features/imports/registry-sync.routes.js';
import { RegistrySync } from './features/imports/registry-sync.js';
import { WebhookDispatcher } from './features/webhooks/webhook-dispatcher.js';
import demoMcpRoutes, { DEMO_MCP_PATH } from './features/probes/demo-mcp.routes.js';
import { ProbeScheduler } from './features/probes/probe-scheduler.js';
import { createOutboundFetch, type OutboundPolicy } from './lib/outbound-fetch.js';
import { createProbeRunner, runProbeOf } from './features/probes/probe-runner.js';
import { createConformanceRunner } from './features/probes/conformance-runner.js';
import { createConformanceRepo } from './features/probes/conformance.repo.js';
import { ConformanceSchedule, type ConformanceDeps } from './features/probes/conformance.service.js';
import conformanceRoutes from './features/probes/conformance.routes.js';
import { createCachedResponder } from './http/cached-responder.js';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { trackConnections, type GracefulDrain } from './http/graceful-drain.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { requestIdFor } from './http/request-id.js';
import { shareCacheInvalidations } from './lib/cache-invalidation.js';
import { closeRedis, connectRedis, duplicateRedis } from './lib/redis.js';
import { ResponseCache } from './lib/response-cache.js';
import { markWritersFresh } from './http/fresh-reads.js';
import { NotificationHub } from './realtime/notification-hub.js';
import realtimeRoutes from './realtime/realtime.routes.js';
import { createMailer } from './mail/mailer.js';
import originCheck from './plugins/origin-check.js';
import securityHeaders from './plugins/security-headers.js';
import rateLimits from './plugins/rate-limits.js';
import sessions from './plugins/session.js';
import { createServices, type Services } from './services.js';
import { checkOwnerOnlyRoute } from './policies/index.js';
import prometheusMetrics from './ops/prometheus.js';
import scheduledBackups from './ops/backup-scheduler.js';
import signingKeysRoutes from './features/signing-keys/signing-keys.routes.js';
import transparencyRoutes from './features/transparency/transparency.routes.js';
import registryRoutes from './features/registry/registry.routes.js';
import statementsRoutes from './features/statements/statements.routes.js';
import advisoriesRoutes from './features/advisories/advisories.routes.js';
import policiesRoutes from './features/policies/policies.routes.js';
import { PolicyEvaluator } from './features/policies/policy-evaluator.js';
import { TransparencyLogWriter } from './features/transparency/transparency-writer.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    services: Services;
    responseCache: ResponseCache;
    viewCounter: ViewCounter;
    /** Owners' figures (clicks, search impressions); its flush() also flushes the view counter. */
    metricsRecorder: MetricsRecorder;
    notificationHub: NotificationHub;
    connections: GracefulDrain;
    probeScheduler: ProbeScheduler;
    /** The weekly MCP conformance runs (tests call runDue themselves). */
    conformanceSchedule: ConformanceSchedule;
    claimScheduler: ClaimScheduler;
    webhookDispatcher: WebhookDispatcher;
    registrySync: RegistrySync;
    policyEvaluator: PolicyEvaluator;
    /** The transparency log's writer (tests call drainNow themselves). */
    transparencyLog: TransparencyLogWriter;
  }
}

const TRENDING_REFRESH_MS = 60 * 60 * 1000;
const SITE_MEAN_REFRESH_MS = 24 * 60 * 60 * 1000;
/** A connection that sends nothing for this long is closed. */
const CONNECTION_TIMEOUT_MS = 30_000;
/** A request must arrive whole within this. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Longer than the usual load balancer's idle timeout (60 s), so the balancer closes first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface BuildAppOptions {
  /** Run migrations before serving (the default); tests that share a migrated database turn it off. */
  migrate?: boolean;
  /** An existing database handle to use instead of opening one from the configuration. */
  db?: Db;
}

/** Builds the whole application; the caller decides whether and where it listens. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const responseCache = new ResponseCache({ enabled: config.responseCache, admitOnSecondAsk: true });
  const cachedResponder = createCachedResponder(responseCache, { https: config.secureCookies });
  let connections!: GracefulDrain;
  const app = Fastify({
    // Cached catalogue reads are answered in front of the framework (http/cached-responder.ts).
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        connections.onRequest(request, response);
        if (!cachedResponder.answer(request, response)) handler(request, response);
      });
      connections = trackConnections(server);
      // Fastify sets these only on servers it creates itself.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      server.setTimeout(CONNECTION_TIMEOUT_MS);
      return server;
    },
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    genReqId: (request) => requestIdFor(request.headers),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Requests that arrive while draining are answered (with Connection: close), not refused with 503.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? createDb(config.database);
  if (options.migrate !== false) await migrateToLatest(db);

  // A Redis outage never answers 500 nor holds a request (docs/decisions/0011-outages-degrade.md).
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const subscriber = redis && duplicateRedis(redis, app.log, 'cache subscriber');

  const mailer = createMailer(config, app.log);
  const hubRedis = redis && {
    // Fail at once while Redis is away rather than queue: the hub remembers what it missed.
    publisher: duplicateRedis(redis, app.log, 'notifications publisher', { offlineQueue: false }),
    subscriber: duplicateRedis(redis, app.log, 'notifications subscriber'),
  };
  const notificationHub = new NotificationHub({
    log: app.log,
    ...(hubRedis ? { redis: { ...hubRedis, channelPrefix: config.redisChannelPrefix } } : {}),
  });
  await notificationHub.start();
  const instanceId = randomUUID();
  const outboundPolicy: OutboundPolicy = {
    allowPrivate: config.outbound.allowPrivate,
    dnsServers: config.outbound.dnsServers,
    userAgent: `AgentAtlas/1.0 (+${config.publicUrl})`,
    demoEndpoint: { origin: new URL(config.publicUrl).origin, pathPrefix: DEMO_MCP_PATH },
  };
  const outboundFetch = createOutboundFetch(outboundPolicy);
  const runProbe = createProbeRunner(outboundPolicy, {
    concurrency: config.probes.concurrency,
    fallback: (endpoint) => runProbeOf(endpoint, outboundFetch),
    onWorkerError: (error) =>
      app.log.error({ err: error }, 'probe worker failed; probing on the main thread'),
  });
  const services = createServices(db, config, mailer, app.log, responseCache, notificationHub, {
    fetch: outboundFetch,
    runProbe,
  });
  const probeScheduler = new ProbeScheduler(services.probes, {
    concurrency: config.probes.concurrency,
    instanceId,
    log: app.log,
  });
  const conformance: ConformanceDeps = {
    probes: services.probes,
    conformance: createConformanceRepo(db),
    runner: createConformanceRunner({ node: config.probes.conformanceNode, policy: outboundPolicy }),
  };
  const conformanceSchedule = new ConformanceSchedule(conformance, { log: app.log });
  const viewCounter: ViewCounter = new ViewCounter(
    services.agents,
    (error) => app.log.error({ err: error }, 'view flush failed'),
    1000,
    (counted, trx) => metricsRecorder.addViews(counted, trx),
  );
  const metricsRecorder: MetricsRecorder = new MetricsRecorder(
    services.metrics,
    (error) => app.log.error({ err: error }, 'metrics flush failed'),
    viewCounter,
  );
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('services', services);
  app.decorate('responseCache', responseCache);
  app.decorate('viewCounter', viewCounter);
  app.decorate('metricsRecorder', metricsRecorder);
  app.decorate('notificationHub', notificationHub);
  app.decorate('probeScheduler', probeScheduler);
  app.decorate('conformanceSchedule', conformanceSchedule);
  const claimScheduler = new ClaimScheduler(services.claims, app.log);
  app.decorate('claimScheduler', claimScheduler);
  const webhookDispatcher = new WebhookDispatcher(services.webhooks, { log: app.log });
  app.decorate('webhookDispatcher', webhookDispatcher);
  const registrySync = new RegistrySync(services.registrySync, { log: app.log });
  app.decorate('registrySync', registrySync);
  const policyEvaluator = new PolicyEvaluator(services.policies, { log: app.log });
  app.decorate('policyEvaluator', policyEvaluator);
  const transparencyLog = new TransparencyLogWriter(services.transparency, {
    instanceId,
    intervalMs: config.transparency.intervalMs,
    log: app.log,
  });
  app.decorate('transparencyLog', transparencyLog);

  if (redis && subscriber) {
    await shareCacheInvalidations(
      responseCache,
      { publisher: redis, subscriber, channel: `${config.redisChannelPrefix}cache-invalidate` },
      app.log,
    );
  }

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  // A route marked owner-only must document what the agent policy answers (policies/owner-only.ts).
  app.addHook('onRoute', checkOwnerOnlyRoute);
  app.addHook('preValidation', refuseNulCharacters);
  cachedResponder.attach(app);
  app.decorate('connections', connections);
  // Before Node's server.close() drops every idle connection at once (and resets a client sending on one).
  app.addHook('preClose', () => connections.drain());
  await app.register(prometheusMetrics);
  await app.register(securityHeaders);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimits, { redis });
  await app.register(originCheck);
  await app.register(sessions);
  markWritersFresh(app, config.secureCookies);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AgentAtlas API',
        description: 'The web directory and reputation platform for AI agents.',
        version: '1.0.0',
      },
      tags: apiTags,
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withExamples(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, {
    redis: redis && {
      commands: redis,
      others: [subscriber, hubRedis?.publisher, hubRedis?.subscriber].filter((c) => c !== undefined),
    },
  });
  await app.register(agentsRoutes);
  await app.register(categoriesRoutes);
  await app.register(newsletterRoutes);
  await app.register(authRoutes);
  await app.register(githubSigninRoutes);
  await app.register(notificationsRoutes);
  await app.register(favoritesRoutes);
  await app.register(reviewsRoutes);
  await app.register(metricsRoutes);
  await app.register(historyRoutes);
  await app.register(reportsRoutes);
  await app.register(reportsAdminRoutes);
  await app.register(submissionsRoutes);
  await app.register(importsRoutes);
  await app.register(registrySyncRoutes);
  await app.register(ownerAgentsRoutes);
  await app.register(moderationRoutes);
  await app.register(categoriesAdminRoutes);
  await app.register(githubRoutes);
  await app.register(verificationRoutes);
  await app.register(claimsRoutes);
  await app.register(recordRoutes);
  await app.register(toolRecordRoutes);
  await app.register(badgesRoutes);
  await app.register(uploadsRoutes);
  await app.register(storageAdminRoutes);
  await app.register(realtimeRoutes);
  await app.register(probesRoutes, { instanceId });
  await app.register(conformanceRoutes, { conformance });
  await app.register(demoMcpRoutes);
  await app.register(mcpRoutes);
  await app.register(feedsRoutes);
  await app.register(signingKeysRoutes);
  await app.register(transparencyRoutes);
  await app.register(registryRoutes);
  await app.register(statementsRoutes);
  await app.register(advisoriesRoutes);
  await app.register(policiesRoutes);
  await app.register(webhooksRoutes);
  await app.register(seoRoutes);
  await app.register(pagesRoutes);
  await app.register(scheduledBackups);

  viewCounter.start();
  if (config.probes.enabled) {
    probeScheduler.start();
    claimScheduler.start();
    conformanceSchedule.start();
  }
  metricsRecorder.start();
  // Deliveries are what owners asked for and are cheap to look for: they run whatever PROBES says.
  webhookDispatcher.start();
  registrySync.start();
  // Views follow the evidence the probes write; with probes off nothing moves but edits and advisories.
  policyEvaluator.start();
  // Whatever PROBES says: an owner's "probe now" queues observations too.
  transparencyLog.start();
  // The search index is built while the server starts answering; the first searches wait for it.
  services.agents.search
    .current()
    .catch((error: unknown) =>
      app.log.warn({ err: error }, 'search index not built yet; the next search retries'),
    );
  const trendingTimer = setInterval(() => {
    refreshTrending(services.agents).catch((error: unknown) =>
      app.log.error({ err: error }, 'trending refresh failed'),
    );
  }, TRENDING_REFRESH_MS);
  trendingTimer.unref();
  const siteMeanTimer = setInterval(() => {
    refreshSiteMean(services.reviewWrites).catch((error: unknown) =>
      app.log.error({ err: error }, 'site mean refresh failed'),
    );
    services.agents.search
      .pruneChanges()
      .catch((error: unknown) => app.log.error({ err: error }, 'search change log pruning failed'));
  }, SITE_MEAN_REFRESH_MS);
  siteMeanTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(trendingTimer);
    clearInterval(siteMeanTimer);
    await probeScheduler.stop();
    await conformanceSchedule.stop();
    await claimScheduler.stop();
    await webhookDispatcher.stop();
    await registrySync.stop();
    await policyEvaluator.stop();
    await transparencyLog.stop();
    await outboundFetch.close();
    await runProbe.close();
    await viewCounter.stop();
    await metricsRecorder.stop();
    await notificationHub.stop();
    for (const client of [subscriber, redis]) if (client) await closeRedis(client);
    mailer.close();
    if (!options.db) await db.close();
  });

  return app;
}
