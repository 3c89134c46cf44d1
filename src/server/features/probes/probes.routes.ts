import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentIdOrSlugParamsSchema } from '../../../shared/api/agents.js';
import { agentHealthSchema } from '../../../shared/api/probes.js';
import { errorResponses } from '../../http/error-responses.js';
import { findPublishedAgentOr404 } from '../agents/agents.service.js';
import { findAuthorizedAgent, ownerOnly } from '../../policies/index.js';
import { agentHealth, probeAgentNow } from './probes.service.js';

const PROBE_NOW_PER_HOUR = 10;

const probesRoutes: FastifyPluginAsyncZod<{ instanceId: string }> = async (app, options) => {
  const deps = app.services.probes;

  app.get(
    '/api/agents/:id/health',
    {
      schema: {
        tags: ['probes'],
        summary: 'Live health of the agent’s MCP server and A2A card: status, latency, uptime, tools',
        params: agentIdOrSlugParamsSchema,
        response: { 200: agentHealthSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const agent = await findPublishedAgentOr404(app.services.agents, request.params.id);
      return agentHealth(deps, agent.id);
    },
  );

  app.post(
    '/api/agents/:id/probe',
    {
      preHandler: app.rateLimits.perKey('probe-now', PROBE_NOW_PER_HOUR, '1 hour', (request) =>
        request.user ? `${request.user.id}:${(request.params as { id: string }).id}` : undefined,
      ),
      schema: {
        tags: ['probes'],
        summary: 'Probe the agent’s endpoints now (its owner or an admin); answers the fresh health',
        ...ownerOnly('probe'),
        params: agentIdOrSlugParamsSchema,
        response: { 200: agentHealthSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      const user = app.requireUser(request);
      const agent = await findAuthorizedAgent(deps, user, 'probe', request.params.id);
      return probeAgentNow(deps, agent.id, `${options.instanceId}:now`);
    },
  );
};

export default probesRoutes;
