import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSchemaCurrent } from '../../db/migrate.js';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']), reason: z.string().optional() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and its migrations are current',
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db.kysely);
        if (!(await isSchemaCurrent(app.db))) {
          return reply.status(503).send({ status: 'unavailable', reason: 'migrations pending' });
        }
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', reason: 'database unreachable' });
      }
    },
  );
};

export default healthRoutes;
