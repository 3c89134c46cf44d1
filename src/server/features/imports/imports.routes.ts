import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importRequestSchema } from '../../../shared/api/imports.js';
import { importDraftResponseSchema } from '../../../shared/api/submissions.js';
import { errorResponses } from '../../http/error-responses.js';
import { importDraft } from './imports.service.js';

const errors = errorResponses(400, 401, 404, 409, 429, 502, 503);

/** Importing a published agent into a draft. Signed in. */
const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.imports;

  app.post(
    '/api/drafts/import',
    {
      schema: {
        tags: ['imports'],
        summary: 'Start a draft from the MCP registry, a server.json or an A2A agent card',
        description:
          'Fills the draft’s fields from the source and records where each came from (`provenance`). ' +
          'A source that matches a listing (same repository, remote URL or registry name) answers 409 naming it.',
        body: importRequestSchema,
        response: { 201: importDraftResponseSchema, ...errors },
      },
      preHandler: app.rateLimits.perKey('import-draft', 30, '1 hour', (request) =>
        request.user ? String(request.user.id) : undefined,
      ),
    },
    async (request, reply) => {
      const user = app.requireUser(request);
      return reply.status(201).send(await importDraft(deps, user.id, request.body));
    },
  );
};

export default importsRoutes;
