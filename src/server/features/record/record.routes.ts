import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentIdOrSlugParamsSchema } from '../../../shared/api/agents.js';
import { verificationParamsSchema } from '../../../shared/api/claims.js';
import {
  agentRecordSchema,
  appealListQuerySchema,
  appealListSchema,
  appealParamsSchema,
  appealSchema,
  createAppealSchema,
  decideAppealSchema,
} from '../../../shared/api/record.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';
import { agentRecord, createAppeal, decideAppeal, listAppeals } from './record.service.js';

const APPEALS_PER_HOUR = 10;

/** The public record of a listing, and the owner's appeals of its decisions. */
const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.record;

  app.get(
    '/api/agents/:id/record',
    {
      schema: {
        tags: ['record'],
        summary:
          'The listing’s public record: publication, edits, verification, claims, incidents, reports upheld, appeals',
        params: agentIdOrSlugParamsSchema,
        response: { 200: agentRecordSchema, ...errorResponses(404) },
      },
    },
    async (request) => agentRecord(deps, request.params.id, request.user ?? null),
  );

  app.post(
    '/api/agents/:id/appeals',
    {
      preHandler: app.rateLimits.perKey('appeal', APPEALS_PER_HOUR, '1 hour', (request) =>
        request.user ? String(request.user.id) : undefined,
      ),
      schema: {
        tags: ['record'],
        summary: 'The owner appeals a rejection or a claim’s lapse, once, with a message',
        ...ownerOnly('appeal'),
        params: verificationParamsSchema,
        body: createAppealSchema,
        response: { 201: appealSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAppeal(deps, app.requireUser(request), request.params.id, request.body)),
  );

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', adminOnly);
    admin.get(
      '/api/admin/appeals',
      {
        schema: {
          tags: ['admin'],
          summary: 'Appeals by status (pending first to decide)',
          querystring: appealListQuerySchema,
          response: { 200: appealListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listAppeals(deps, request.query.status),
    );
    admin.post(
      '/api/admin/appeals/:id/decide',
      {
        schema: {
          tags: ['admin'],
          summary: 'Upholds or denies an appeal; the outcome goes on the listing’s record',
          params: appealParamsSchema,
          body: decideAppealSchema,
          response: { 200: appealSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => decideAppeal(deps, app.requireAdmin(request), request.params.id, request.body),
    );
  });
};

export default recordRoutes;
