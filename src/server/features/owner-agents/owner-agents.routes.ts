import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentStatusResponseSchema,
  editableAgentSchema,
  ownerAgentCountSchema,
  ownerAgentListSchema,
  updateAgentResponseSchema,
} from '../../../shared/api/owner-agents.js';
import { agentFieldsSchema, idParamsSchema } from '../../../shared/api/submissions.js';
import {
  countOwnerAgents,
  getAgentStatus,
  getEditableAgent,
  listOwnerAgents,
  updateOwnerAgent,
} from './owner-agents.service.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 404, 409, 429);

/** The owner's agents: list, count, status timeline, edit (revisions). */
const ownerAgentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.ownerAgents;

  app.get(
    '/api/user/agents',
    {
      schema: {
        tags: ['owners'],
        summary: 'The signed-in user’s agents in every status, newest first',
        response: { 200: ownerAgentListSchema, ...errors },
      },
    },
    async (request) => listOwnerAgents(deps, app.requireUser(request).id),
  );

  app.get(
    '/api/user/agents/count',
    {
      schema: {
        tags: ['owners'],
        summary: 'How many agents the signed-in user owns (drives the owner menu entries)',
        response: { 200: ownerAgentCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => countOwnerAgents(deps, app.requireUser(request).id),
  );

  app.get(
    '/api/user/agents/:id',
    {
      schema: {
        tags: ['owners'],
        summary: 'One of the signed-in user’s agents, with the fields to edit (a pending revision’s if any)',
        ...ownerOnly('edit'),
        params: idParamsSchema,
        response: { 200: editableAgentSchema, ...errors },
      },
    },
    async (request) => getEditableAgent(deps, app.requireUser(request), request.params.id),
  );

  app.put(
    '/api/user/agents/:id',
    {
      schema: {
        tags: ['owners'],
        summary: 'Edit an agent: a published one keeps its live listing while the change is reviewed',
        ...ownerOnly('edit'),
        params: idParamsSchema,
        body: agentFieldsSchema,
        response: { 200: updateAgentResponseSchema, ...errors },
      },
      // The service validates the body itself, to answer like a submission does (one message, per-field details).
      attachValidation: true,
      preHandler: app.rateLimits.perKey('edit-agent', 60, '1 hour', (request) =>
        request.user ? String(request.user.id) : undefined,
      ),
    },
    async (request) => {
      const user = app.requireUser(request);
      if (request.validationError?.validationContext === 'params') throw request.validationError;
      return updateOwnerAgent(deps, user, request.params.id, request.body as unknown);
    },
  );

  app.get(
    '/api/agents/:id/status',
    {
      schema: {
        tags: ['owners'],
        summary: 'A submission’s status and timeline (its owner or an admin)',
        ...ownerOnly('view-status'),
        params: idParamsSchema,
        response: { 200: agentStatusResponseSchema, ...errors },
      },
    },
    async (request) => getAgentStatus(deps, app.requireUser(request), request.params.id),
  );
};

export default ownerAgentsRoutes;
