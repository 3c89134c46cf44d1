import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  adminReportListQuerySchema,
  adminReportListSchema,
  reportDecisionResponseSchema,
  reportDecisionSchema,
  reportIdParamsSchema,
} from '../../../shared/api/reports.js';
import { decideReport, listReports } from './reports.service.js';
import { adminOnly } from '../../plugins/admin-only.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The moderators' reports queue (admin only, checked before anything else is read). */
const reportsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.reports;
  app.addHook('onRequest', adminOnly);

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reports of agents and reviews, by status (open first, oldest first)',
        querystring: adminReportListQuerySchema,
        response: { 200: adminReportListSchema, ...errors },
      },
    },
    async (request) => ({ reports: await listReports(deps, request.query.status) }),
  );

  for (const decision of ['resolve', 'dismiss'] as const) {
    app.post(
      `/api/admin/reports/:id/${decision}`,
      {
        schema: {
          tags: ['admin'],
          summary: decision === 'resolve' ? 'Close a report as acted on' : 'Close a report as unfounded',
          params: reportIdParamsSchema,
          body: reportDecisionSchema.optional(),
          response: { 200: reportDecisionResponseSchema, ...errors },
        },
      },
      async (request) =>
        decideReport(
          deps,
          app.requireAdmin(request),
          request.params.id,
          decision === 'resolve' ? 'resolved' : 'dismissed',
          request.body?.note ?? null,
        ),
    );
  }
};

export default reportsAdminRoutes;
