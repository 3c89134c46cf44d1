import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentIdOrSlugParamsSchema } from '../../../shared/api/agents.js';
import {
  claimParamsSchema,
  claimSchema,
  claimsResponseSchema,
  createClaimSchema,
  verificationParamsSchema,
} from '../../../shared/api/claims.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { checkClaimNow, createClaim, listClaims, removeClaim } from './claims.service.js';

/** A check asks DNS, a web server or GitHub: an owner retrying now and then is plenty. */
const CHECKS_PER_HOUR = 30;
const CLAIMS_PER_HOUR = 20;

/** Ownership claims: public list; the owner makes, checks and removes them. */
const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.claims;
  const perPerson = (name: string, max: number) =>
    app.rateLimits.perKey(name, max, '1 hour', (request) =>
      request.user ? String(request.user.id) : undefined,
    );

  app.get(
    '/api/agents/:id/claims',
    {
      schema: {
        tags: ['claims'],
        summary:
          'The agent’s ownership claims: method, subject, status and dates (tokens only for its owner)',
        params: agentIdOrSlugParamsSchema,
        response: { 200: claimsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => listClaims(deps, request.params.id, request.user ?? null),
  );

  app.post(
    '/api/agents/:id/claims',
    {
      preHandler: perPerson('claim-create', CLAIMS_PER_HOUR),
      schema: {
        tags: ['claims'],
        summary: 'Claim ownership by a DNS TXT record, a well-known file or GitHub push access (the owner)',
        ...ownerOnly('claim'),
        params: verificationParamsSchema,
        body: createClaimSchema,
        response: { 201: claimSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = app.requireUser(request);
      return reply.status(201).send(await createClaim(deps, user, request.params.id, request.body));
    },
  );

  app.post(
    '/api/agents/:id/claims/:claimId/check',
    {
      preHandler: perPerson('claim-check', CHECKS_PER_HOUR),
      schema: {
        tags: ['claims'],
        summary: 'Looks for the claim’s evidence now and answers the claim (the owner or an admin)',
        ...ownerOnly('check-claim'),
        params: claimParamsSchema,
        response: { 200: claimSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) =>
      checkClaimNow(deps, app.requireUser(request), request.params.id, request.params.claimId),
  );

  app.delete(
    '/api/agents/:id/claims/:claimId',
    {
      schema: {
        tags: ['claims'],
        summary: 'Removes a claim (the owner); the verified badge needs another active claim',
        ...ownerOnly('claim'),
        params: claimParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await removeClaim(deps, app.requireUser(request), request.params.id, request.params.claimId);
      return reply.status(204).send(null);
    },
  );
};

export default claimsRoutes;
