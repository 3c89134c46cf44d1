import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentDetailSchema,
  agentIdOrSlugParamsSchema,
  agentListQuerySchema,
  agentListResponseSchema,
  homeQuerySchema,
  homeResponseSchema,
  viewCountedResponseSchema,
} from '../../../shared/api/agents.js';
import { cachedJson } from '../../http/cached-json.js';
import { errorResponses } from '../../http/error-responses.js';
import { visitorFor } from '../../http/visitor.js';
import { cacheTags } from '../../lib/response-cache.js';
import {
  findPublishedRatingsOr404,
  getAgent,
  getAgentViewer,
  getHome,
  listAgents,
  listingOrder,
} from './agents.service.js';

const idsOf = (agents: ReadonlyArray<{ id: number }>) => agents.map((agent) => agent.id);

const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.agents;

  app.get(
    '/api/agents',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List, filter, search and sort published agents',
        querystring: agentListQuerySchema,
        response: { 200: agentListResponseSchema, ...errorResponses(400) },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async (read) => {
        const { json, agentIds } = await listAgents(deps, request.query, read);
        const order = { sort: listingOrder(request.query), categorySlug: request.query.category };
        return { json, tags: cacheTags.listingPage(agentIds, order) };
      }),
  );

  app.get(
    '/api/agents/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One published agent by id or slug',
        params: agentIdOrSlugParamsSchema,
        response: { 200: agentDetailSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // A signed-in person gets everyone's detail, from the cache like anyone's, and what the agent
      // is to them, read each time.
      const viewer = request.user
        ? await getAgentViewer(deps, request.params.id, request.user.id)
        : undefined;
      return cachedJson(
        request,
        reply,
        async () => {
          const agent = await getAgent(deps, request.params.id);
          return { body: agent, tags: [cacheTags.agent(agent.id), cacheTags.category(agent.category.slug)] };
        },
        viewer && { viewer },
      );
    },
  );

  app.post(
    '/api/agents/:id/views',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Counts a view of an agent page (once per visitor, agent and day)',
        params: agentIdOrSlugParamsSchema,
        response: { 202: viewCountedResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const agent = await findPublishedRatingsOr404(deps, request.params.id);
      const visitor = visitorFor(request, reply, app.config.secureCookies);
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
        querystring: homeQuerySchema,
        response: { 200: homeResponseSchema, ...errorResponses(400) },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => {
        const body = await getHome(deps, { verifiedOnly: request.query.verified === 'true' });
        const shown = [body.featured, body.topRated, body.trending, body.newest].flatMap(idsOf);
        return { body, tags: cacheTags.listingPage(shown, { sort: 'rating' }) };
      }),
  );
};

export default agentsRoutes;
