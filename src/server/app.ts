import { randomUUID } from 'node:crypto';
import http from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { JSON_BODY_LIMIT_BYTES } from '../shared/limits.js';
import type { Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import agentsRoutes from './features/agents/agents.routes.js';
import { refreshTrending } from './features/agents/agents.service.js';
import { refreshSiteMean } from './features/reviews/reputation.repo.js';
import { ViewCounter } from './features/agents/view-counter.js';
import authRoutes from './features/auth/auth.routes.js';
import githubSigninRoutes from './features/auth/github-signin.routes.js';
import healthRoutes from './features/health/health.routes.js';
import newsletterRoutes from './features/newsletter/newsletter.routes.js';
import notificationsRoutes from './features/notifications/notifications.routes.js';
import favoritesRoutes from './features/favorites/favorites.routes.js';
import reviewsRoutes from './features/reviews/reviews.routes.js';
import reportsRoutes from './features/reports/reports.routes.js';
import draftsRoutes from './features/drafts/drafts.routes.js';
import submissionsRoutes from './features/submissions/submissions.routes.js';
import moderationRoutes from './features/admin/moderation.routes.js';
import categoriesAdminRoutes from './features/categories/categories.admin.routes.js';
import githubRoutes from './features/github/github.routes.js';
import verificationRoutes from './features/github/verification.routes.js';
import uploadsRoutes from './features/storage/uploads.routes.js';
import storageAdminRoutes from './features/storage/storage.admin.routes.js';
import pagesRoutes from './features/seo/pages.routes.js';
import seoRoutes from './features/seo/seo.routes.js';
import usersRoutes from './features/users/users.routes.js';
import { createCachedResponder } from './http/cached-responder.js';
import { registerErrorHandler } from './http/error-handler.js';
import { requestIdFor } from './http/request-id.js';
import { ResponseCache } from './lib/response-cache.js';
import { NotificationHub } from './realtime/notification-hub.js';
import realtimeRoutes from './realtime/realtime.routes.js';
import { createMailer } from './mail/mailer.js';
import originCheck from './plugins/origin-check.js';
import securityHeaders from './plugins/security-headers.js';
import rateLimits from './plugins/rate-limits.js';
import sessions from './plugins/session.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    services: Services;
    responseCache: ResponseCache;
    viewCounter: ViewCounter;
    notificationHub: NotificationHub;
  }
}

const CACHE_CHANNEL = 'agentatlas:cache-invalidate';
const TRENDING_REFRESH_MS = 60 * 60 * 1000;
const SITE_MEAN_REFRESH_MS = 24 * 60 * 60 * 1000;
/** A connection that sends nothing for this long is closed. */
const CONNECTION_TIMEOUT_MS = 30_000;
/** A request must arrive whole within this. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Longer than the usual load balancer's idle timeout (60 s), so the balancer closes first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** While draining, how often connections whose last answer has just finished are closed. */
const DRAIN_SWEEP_MS = 100;

export interface BuildAppOptions {
  /** Run migrations before serving (the default); tests that share a migrated database turn it off. */
  migrate?: boolean;
  /** An existing database handle to use instead of opening one from the configuration. */
  db?: Db;
}

/** Builds the whole application; the caller decides whether and where it listens. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const responseCache = new ResponseCache();
  const cachedResponder = createCachedResponder(responseCache, { https: config.secureCookies });
  const app = Fastify({
    // Cached catalogue reads are answered in front of the framework (http/cached-responder.ts).
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!cachedResponder.answer(request, response)) handler(request, response);
      });
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
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? createDb(config.database);
  if (options.migrate !== false) await migrateToLatest(db);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const subscriber = redis?.duplicate();

  const mailer = createMailer(config, app.log);
  const hubPublisher = redis?.duplicate();
  const hubSubscriber = redis?.duplicate();
  const notificationHub = new NotificationHub(
    hubPublisher && hubSubscriber ? { publisher: hubPublisher, subscriber: hubSubscriber } : undefined,
    (error) => app.log.error({ err: error }, 'notification fan-out failed'),
  );
  await notificationHub.start();
  const services = createServices(db, config, mailer, responseCache, (userId, notifications) =>
    notificationHub.publish(userId, notifications),
  );
  const viewCounter = new ViewCounter(services.agents, (error) =>
    app.log.error({ err: error }, 'view flush failed'),
  );
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('services', services);
  app.decorate('responseCache', responseCache);
  app.decorate('viewCounter', viewCounter);
  app.decorate('notificationHub', notificationHub);

  if (redis && subscriber) {
    const instanceId = randomUUID();
    responseCache.onInvalidate(() => void redis.publish(CACHE_CHANNEL, instanceId));
    await subscriber.subscribe(CACHE_CHANNEL);
    subscriber.on('message', (_channel, sender) => {
      if (sender !== instanceId) responseCache.clearLocal();
    });
  }

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  cachedResponder.attach(app);
  app.addHook('preClose', async () => closeConnectionsAsTheyFallIdle(app.server));
  await app.register(securityHeaders);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimits, { redis });
  await app.register(originCheck);
  await app.register(sessions);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AgentAtlas API',
        description: 'The web directory and reputation platform for AI agents.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(agentsRoutes);
  await app.register(newsletterRoutes);
  await app.register(authRoutes);
  await app.register(githubSigninRoutes);
  await app.register(usersRoutes);
  await app.register(notificationsRoutes);
  await app.register(favoritesRoutes);
  await app.register(reviewsRoutes);
  await app.register(reportsRoutes);
  await app.register(draftsRoutes);
  await app.register(submissionsRoutes);
  await app.register(moderationRoutes);
  await app.register(categoriesAdminRoutes);
  await app.register(githubRoutes);
  await app.register(verificationRoutes);
  await app.register(uploadsRoutes);
  await app.register(storageAdminRoutes);
  await app.register(realtimeRoutes);
  await app.register(seoRoutes);
  await app.register(pagesRoutes);

  viewCounter.start();
  const trendingTimer = setInterval(() => {
    refreshTrending(services.agents).catch((error: unknown) =>
      app.log.error({ err: error }, 'trending refresh failed'),
    );
  }, TRENDING_REFRESH_MS);
  trendingTimer.unref();
  const siteMeanTimer = setInterval(() => {
    db.kysely
      .transaction()
      .execute((trx) => refreshSiteMean(trx))
      .then(() => responseCache.invalidate())
      .catch((error: unknown) => app.log.error({ err: error }, 'site mean refresh failed'));
  }, SITE_MEAN_REFRESH_MS);
  siteMeanTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(trendingTimer);
    clearInterval(siteMeanTimer);
    await viewCounter.stop();
    await subscriber?.quit();
    await hubPublisher?.quit();
    await hubSubscriber?.quit();
    await redis?.quit();
    mailer.close();
    if (!options.db) await db.close();
  });

  return app;
}

/**
 * server.close() ends the connections that are idle at that moment. A kept-alive connection still
 * answering then is left open after its answer for the whole keep-alive timeout, which would hold
 * the shutdown that long; so while the server drains, each connection is closed as soon as it falls idle.
 */
function closeConnectionsAsTheyFallIdle(server: http.Server) {
  if (!server.listening) return;
  const sweep = setInterval(() => server.closeIdleConnections(), DRAIN_SWEEP_MS);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}
