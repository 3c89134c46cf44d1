import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { healthStatusSchema } from '../../../shared/api/health.js';
import { isSchemaCurrent } from '../../db/migrate.js';
import { isRedisReady, pingRedis } from '../../lib/redis.js';
import { checkReadiness } from './health.service.js';

export interface HealthRoutesOptions {
  /** With REDIS_URL: the command connection (pinged) and the others (which must be connected). */
  redis?: { commands: Redis; others: Redis[] };
}

const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const { redis } = options;

  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthStatusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers, its migrations are current, and Redis answers when configured',
        response: { 200: healthStatusSchema, 503: healthStatusSchema },
      },
    },
    async (request, reply) => {
      // A draining instance takes no new traffic, whatever else is up (http/graceful-drain.ts).
      if (app.connections.draining) {
        return reply.status(503).send({ status: 'unavailable', reason: 'shutting down' });
      }
      const readiness = await checkReadiness({
        pingDatabase: () => app.services.health.ping(),
        isSchemaCurrent: () => isSchemaCurrent(app.db),
        ...(redis && {
          isRedisReady: async (timeoutMs: number) =>
            redis.others.every(isRedisReady) && (await pingRedis(redis.commands, timeoutMs)),
        }),
      });
      if (readiness.status === 'ok') return readiness;
      request.log.warn({ checks: readiness.checks }, `not ready: ${readiness.reason}`);
      return reply.status(503).send(readiness);
    },
  );
};

export default healthRoutes;
