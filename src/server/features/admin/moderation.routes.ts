import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  adminSubmissionListQuerySchema,
  adminSubmissionListSchema,
  approveResponseSchema,
  rejectResponseSchema,
  rejectSubmissionSchema,
} from '../../../shared/api/admin.js';
import { idParamsSchema } from '../../../shared/api/submissions.js';
import { approveSubmission, getStats, listSubmissions, rejectSubmission } from './moderation.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Admin: the submissions queue, approve, reject, and the figures (admin checked before anything is read). */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.moderation;
  app.addHook('onRequest', adminOnly);

  app.get(
    '/api/admin/submissions',
    {
      schema: {
        tags: ['admin'],
        summary: 'New submissions and edits of live listings waiting for review, oldest first',
        querystring: adminSubmissionListQuerySchema,
        response: { 200: adminSubmissionListSchema, ...errors },
      },
    },
    async () => listSubmissions(deps),
  );

  app.post(
    '/api/admin/agents/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve the submission or revision waiting for this agent (409 when none waits)',
        params: idParamsSchema,
        response: { 200: approveResponseSchema, ...errors },
      },
    },
    async (request) => approveSubmission(deps, app.requireAdmin(request), request.params.id),
  );

  app.post(
    '/api/admin/agents/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject the submission or revision waiting for this agent, with a reason for the owner',
        params: idParamsSchema,
        body: rejectSubmissionSchema,
        response: { 200: rejectResponseSchema, ...errors },
      },
    },
    async (request) =>
      rejectSubmission(deps, app.requireAdmin(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Figures for users, agents by status, reviews and reports over the last 30 days',
        response: { 200: adminStatsSchema, ...errors },
      },
    },
    async () => getStats(deps),
  );
};

export default moderationRoutes;
