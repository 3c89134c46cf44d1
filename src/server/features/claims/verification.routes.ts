import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  verificationEvidenceSchema,
  verificationParamsSchema,
  verifyAgentResponseSchema,
  verifyAgentSchema,
} from '../../../shared/api/claims.js';
import { getVerificationEvidence, setAgentVerified } from './claims.service.js';
import { adminOnly } from '../../plugins/admin-only.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Admin: the ownership claims as evidence, and verifying an agent (admin only, checked first). */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.claims;
  app.addHook('onRequest', adminOnly);

  app.get(
    '/api/admin/agents/:id/evidence',
    {
      schema: {
        tags: ['admin'],
        summary: 'The agent’s ownership claims, the evidence verification rests on',
        params: verificationParamsSchema,
        response: { 200: verificationEvidenceSchema, ...errors },
      },
    },
    async (request) => getVerificationEvidence(deps, request.params.id),
  );

  app.post(
    '/api/admin/agents/:id/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Gives the verified badge (needs an active claim) or, with {verified: false}, takes it away',
        params: verificationParamsSchema,
        body: verifyAgentSchema.nullish(),
        response: { 200: verifyAgentResponseSchema, ...errors },
      },
    },
    async (request) =>
      setAgentVerified(deps, app.requireAdmin(request), {
        agentId: request.params.id,
        verified: request.body?.verified ?? true,
      }),
  );
};

export default verificationRoutes;
