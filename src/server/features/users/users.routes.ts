import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/errors.js';

const agentCountSchema = z.object({ count: z.number().int(), hasAgents: z.boolean() });

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/agents/count',
    {
      schema: {
        tags: ['owners'],
        summary: 'How many agents the signed-in user owns (drives the owner menu entries)',
        response: { 200: agentCountSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = app.requireUser(request);
      const row = await app.db.kysely
        .selectFrom('agents')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      return { count, hasAgents: count > 0 };
    },
  );
};

export default usersRoutes;
