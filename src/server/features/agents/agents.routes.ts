import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentDetailSchema,
  agentIdOrSlugParamsSchema,
  agentListQuerySchema,
  agentListResponseSchema,
  homeResponseSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
} from '../../../shared/api/agents.js';
import { categoryListSchema, filtersResponseSchema } from '../../../shared/api/categories.js';
import { agentSorts, pricingModels } from '../../../shared/api/agents.js';
import { errorBodySchema } from '../../../shared/api/errors.js';
import { presentCategory } from '../categories/categories.presenter.js';
import { listReviews } from '../reviews/reviews.service.js';
import { getAgent, getAgentForViewer, getHome, listAgents } from './agents.service.js';

/** Sends a cached JSON body, or computes, caches and sends it. */
async function cachedJson(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
  const cache = request.server.responseCache;
  const key = request.url;
  let body = cache.get(key);
  if (body === undefined) {
    body = JSON.stringify(await compute());
    cache.set(key, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

const visitorCookie = 'aa_visitor';

const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.agents;

  app.get(
    '/api/agents',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List, filter, search and sort published agents',
        querystring: agentListQuerySchema,
        response: { 200: agentListResponseSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => cachedJson(request, reply, () => listAgents(deps, request.query)),
  );

  app.get(
    '/api/agents/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One published agent by id or slug',
        params: agentIdOrSlugParamsSchema,
        response: { 200: agentDetailSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.user) return getAgentForViewer(deps, request.params.id, request.user.id);
      return cachedJson(request, reply, () => getAgent(deps, request.params.id));
    },
  );

  app.get(
    '/api/agents/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of an agent, paged',
        params: agentIdOrSlugParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, () => listReviews(app.services.reviews, request.params.id, request.query)),
  );

  app.post(
    '/api/agents/:id/views',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Counts a view of an agent page (once per visitor, agent and day)',
        params: agentIdOrSlugParamsSchema,
        response: { 202: z.object({ counted: z.boolean() }), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const agent = await getAgent(deps, request.params.id);
      let visitor = request.cookies[visitorCookie];
      if (!visitor || !/^[a-f0-9]{32}$/.test(visitor)) {
        visitor = createHash('sha256')
          .update(`${request.ip}|${request.headers['user-agent'] ?? ''}`)
          .digest('hex')
          .slice(0, 32);
        reply.setCookie(visitorCookie, visitor, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.secureCookies,
          maxAge: 60 * 60 * 24 * 365,
        });
      }
      app.viewCounter.record(agent.id, visitor);
      return reply.status(202).send({ counted: true });
    },
  );

  app.get(
    '/api/home',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The sections of the home page',
        querystring: z.object({ verified: z.enum(['true', 'false']).optional() }),
        response: { 200: homeResponseSchema, 400: errorBodySchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, () => getHome(deps, { verifiedOnly: request.query.verified === 'true' })),
  );

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every category with its number of published agents',
        response: { 200: categoryListSchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => ({
        categories: (await deps.categories.findAll()).map(presentCategory),
      })),
  );

  app.get(
    '/api/filters',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The filter options of the listing',
        response: { 200: filtersResponseSchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => ({
        categories: (await deps.categories.findAll()).map(presentCategory),
        pricing: [...pricingModels],
        sorts: [...agentSorts],
      })),
  );
};

export default agentsRoutes;
