import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentIdOrSlugParamsSchema } from '../../../shared/api/agents.js';
import { idParamsSchema } from '../../../shared/api/submissions.js';
import {
  revokedStatementsSchema,
  statementJwsSchema,
  revokeStatementsSchema,
  STATEMENT_LIFETIME_S,
  statusListCredentialSchema,
  statusListParamsSchema,
} from '../../../shared/api/statements.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';
import { agentStatement, revokeAgentStatements, statusListCredential } from './statements.service.js';

/**
 * Signed statements about agents and their revocation (DESIGN section 11): public and offline-checkable,
 * with the keys of /.well-known/jwks.json; admins revoke an agent's statements.
 */
const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.statements;

  app.get(
    '/api/agents/:id/statement',
    {
      schema: {
        tags: ['statements'],
        summary: `A compact JWS (application/jwt) of what AgentAtlas vouches for about the agent now: score, verified, ownership claims, MCP protocols, tool set hash, open advisories; exp at most ${STATEMENT_LIFETIME_S / 3600} h after iat; kid in /.well-known/jwks.json; revocation in status.statusListCredential`,
        params: agentIdOrSlugParamsSchema,
        response: { 200: statementJwsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const jws = await agentStatement(deps, request.params.id);
      return reply
        .header('content-type', 'application/jwt')
        .header('cache-control', 'no-cache')
        .header('access-control-allow-origin', '*')
        .send(jws);
    },
  );

  app.get(
    '/api/status-lists/:list',
    {
      schema: {
        tags: ['statements'],
        summary:
          'A W3C Bitstring Status List credential: bit statusListIndex (from the left of the GZIP-compressed list) is 1 when that statement is revoked',
        params: statusListParamsSchema,
        response: { 200: statusListCredentialSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60').header('access-control-allow-origin', '*');
      return statusListCredential(deps, request.params.list);
    },
  );

  app.post(
    '/api/admin/agents/:id/statements/revoke',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Revoke every live statement about the agent (their bits are set in the status list)',
        params: idParamsSchema,
        body: revokeStatementsSchema,
        response: { 200: revokedStatementsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => revokeAgentStatements(deps, request.params.id, request.body.reason),
  );
};

export default statementsRoutes;
