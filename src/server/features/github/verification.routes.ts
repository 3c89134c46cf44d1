import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/errors.js';
import {
  verificationEvidenceSchema,
  verifyAgentResponseSchema,
  verifyAgentSchema,
} from '../../../shared/api/github.js';
import { getVerificationEvidence, setAgentVerified } from './verification.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Admin: verification evidence from GitHub, and verifying an agent (admin only, checked first). */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.verification;
  app.addHook('onRequest', async (request) => {
    app.requireAdmin(request);
  });

  app.get(
    '/api/admin/agents/:id/evidence',
    {
      schema: {
        tags: ['admin'],
        summary: "Whether the owner's GitHub connection controls the agent's repository",
        params,
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
        summary: 'Gives the verified badge (needs evidence) or, with {verified: false}, takes it away',
        params,
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
