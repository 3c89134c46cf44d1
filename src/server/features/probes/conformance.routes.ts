import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentIdOrSlugParamsSchema } from '../../../shared/api/agents.js';
import { agentHealthSchema } from '../../../shared/api/probes.js';
import { errorResponses } from '../../http/error-responses.js';
import { findAuthorizedAgent, ownerOnly } from '../../policies/index.js';
import { runConformanceNow, type ConformanceDeps } from './conformance.service.js';

/** A run spawns the suite for seconds to minutes: fewer than probes. */
const CONFORMANCE_RUNS_PER_HOUR = 4;

const conformanceRoutes: FastifyPluginAsyncZod<{ conformance: ConformanceDeps }> = async (app, options) => {
  const deps = options.conformance;

  app.post(
    '/api/agents/:id/conformance',
    {
      preHandler: app.rateLimits.perKey('conformance-now', CONFORMANCE_RUNS_PER_HOUR, '1 hour', (request) =>
        request.user ? `${request.user.id}:${(request.params as { id: string }).id}` : undefined,
      ),
      schema: {
        tags: ['probes'],
        summary:
          'Run the official MCP conformance suite against the agent’s MCP server now (its owner or an admin); answers the fresh health',
        description:
          'An address the outbound rules refuse answers 400; a run already under way for the endpoint 409; a server whose Node cannot run the suite 503.',
        ...ownerOnly('probe'),
        params: agentIdOrSlugParamsSchema,
        response: { 200: agentHealthSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const user = app.requireUser(request);
      const agent = await findAuthorizedAgent(deps.probes, user, 'probe', request.params.id);
      return runConformanceNow(deps, agent.id);
    },
  );
};

export default conformanceRoutes;
