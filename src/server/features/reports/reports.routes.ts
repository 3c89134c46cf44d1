import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/errors.js';
import {
  adminReportListQuerySchema,
  adminReportListSchema,
  reportDecisionSchema,
} from '../../../shared/api/reports.js';
import { decideReport, listReports } from './reports.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const decisionResponse = z.object({ id: z.number().int(), status: z.enum(['resolved', 'dismissed']) });

/** The moderators' reports queue (admin only, checked before anything else is read). */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.reports;
  app.addHook('onRequest', async (request) => {
    app.requireAdmin(request);
  });

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
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: reportDecisionSchema.optional(),
          response: { 200: decisionResponse, ...errors },
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

export default reportsRoutes;
