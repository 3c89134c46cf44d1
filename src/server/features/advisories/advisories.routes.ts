import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  advisoryIdParamsSchema,
  advisoryInputSchema,
  advisoryListQuerySchema,
  advisoryListSchema,
  osvAdvisorySchema,
} from '../../../shared/api/advisories.js';
import { ATOM_CONTENT_TYPE, feedPaths } from '../../../shared/api/feeds.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';
import {
  advisoriesFeed,
  getAdvisory,
  listAdvisories,
  publishAdvisory,
  updateAdvisory,
  withdrawAdvisory,
} from './advisories.service.js';

const adminErrors = errorResponses(400, 401, 403, 404);

/** Advisories (DESIGN section 11): admins publish, update and withdraw; anyone reads them as OSV or Atom. */
const advisoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.advisories;

  app.get(
    '/api/advisories',
    {
      schema: {
        tags: ['advisories'],
        summary:
          'Advisories in OSV 1.6 format, newest first (withdrawn ones marked), of one agent with ?affects=<slug>',
        querystring: advisoryListQuerySchema,
        response: { 200: advisoryListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
      return listAdvisories(deps, request.query);
    },
  );

  app.get(
    '/api/advisories/:id',
    {
      schema: {
        tags: ['advisories'],
        summary: 'One advisory in OSV 1.6 format (AGENTATLAS-<year>-<number>)',
        params: advisoryIdParamsSchema,
        response: { 200: osvAdvisorySchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
      return getAdvisory(deps, request.params.id);
    },
  );

  app.get(
    feedPaths.advisories,
    { schema: { tags: ['feeds'], summary: 'The newest advisories as Atom' } },
    async (_request, reply) =>
      reply
        .header('content-type', ATOM_CONTENT_TYPE)
        .header('cache-control', 'public, max-age=300')
        .send(await advisoriesFeed(deps)),
  );

  app.post(
    '/api/admin/advisories',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Publish an advisory about listed agents: the OSV record; owners are told and advisory.published webhooks fire',
        body: advisoryInputSchema,
        response: { 201: osvAdvisorySchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const advisory = await publishAdvisory(deps, app.requireAdmin(request), request.body);
      app.policyEvaluator.requestRun();
      return reply.status(201).send(advisory);
    },
  );

  app.put(
    '/api/admin/advisories/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: "Change an advisory's texts, severity or affected agents",
        params: advisoryIdParamsSchema,
        body: advisoryInputSchema,
        response: { 200: osvAdvisorySchema, ...adminErrors },
      },
    },
    async (request) => {
      const advisory = await updateAdvisory(deps, request.params.id, request.body);
      app.policyEvaluator.requestRun();
      return advisory;
    },
  );

  app.post(
    '/api/admin/advisories/:id/withdraw',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Withdraw an advisory: still served, marked withdrawn, no longer open against any agent',
        params: advisoryIdParamsSchema,
        response: { 200: osvAdvisorySchema, ...adminErrors },
      },
    },
    async (request) => {
      const advisory = await withdrawAdvisory(deps, request.params.id);
      // Views with noAdvisories take the servers back at once, not at the next minute's pass.
      app.policyEvaluator.requestRun();
      return advisory;
    },
  );
};

export default advisoriesRoutes;
