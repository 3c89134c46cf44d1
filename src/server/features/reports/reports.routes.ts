import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportResponseSchema, reportSchema, reportTargetParamsSchema } from '../../../shared/api/reports.js';
import { errorResponses } from '../../http/error-responses.js';
import { reportContent } from './reports.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** A signed-in person reports an agent or a review to the moderators (the queue is reports.admin.routes.ts). */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.reports;
  // One budget for both kinds of report.
  const perUser = app.rateLimits.perKey('report', 10, '1 hour', (request) => request.user?.id.toString());

  const targets = [
    {
      url: '/api/reviews/:id/report',
      summary: 'Report a review to the moderators',
      target: (id: number) => ({ reviewId: id }),
    },
    {
      url: '/api/agents/:id/report',
      summary: 'Report an agent to the moderators',
      target: (id: number) => ({ agentId: id }),
    },
  ];
  for (const { url, summary, target } of targets) {
    app.post(
      url,
      {
        preHandler: perUser,
        schema: {
          tags: ['reviews'],
          summary,
          params: reportTargetParamsSchema,
          body: reportSchema,
          response: { 201: reportResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await reportContent(deps, app.requireUser(request), target(request.params.id), request.body)),
    );
  }
};

export default reportsRoutes;
