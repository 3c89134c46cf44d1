import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyQuerySchema, historyResponseSchema } from '../../../shared/api/history.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { listHistory } from './history.service.js';

const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.history;

  app.get(
    '/api/history',
    {
      schema: {
        tags: ['history'],
        summary: 'Everything that happened to the owner’s agents, newest first',
        ...ownerOnly('view-history', { in: 'query', name: 'agentId' }),
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listHistory(deps, app.requireUser(request), request.query),
  );
};

export default historyRoutes;
