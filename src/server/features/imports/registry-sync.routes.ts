import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importCandidateListSchema,
  importCandidatesQuerySchema,
  registrySyncSettingsSchema,
  registrySyncStatusSchema,
} from '../../../shared/api/imports.js';
import { idParamsSchema, importDraftResponseSchema } from '../../../shared/api/submissions.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';
import {
  dismissCandidate,
  draftCandidate,
  getSyncStatus,
  listCandidates,
  setSyncEnabled,
} from './registry-sync.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Admin: the MCP registry sync and the import candidates it finds. */
const registrySyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.registrySync;
  const status = () => getSyncStatus(deps, { running: app.registrySync.running });
  app.addHook('onRequest', adminOnly);

  app.get(
    '/api/admin/registry-sync',
    {
      schema: {
        tags: ['imports'],
        summary: 'The MCP registry sync: on or off, its last run, the candidates waiting',
        response: { 200: registrySyncStatusSchema, ...errors },
      },
    },
    status,
  );

  app.put(
    '/api/admin/registry-sync',
    {
      schema: {
        tags: ['imports'],
        summary: 'Turn the periodic registry sync on or off',
        body: registrySyncSettingsSchema,
        response: { 200: registrySyncStatusSchema, ...errors },
      },
    },
    async (request) => {
      await setSyncEnabled(deps, request.body.enabled);
      return status();
    },
  );

  app.post(
    '/api/admin/registry-sync/run',
    {
      schema: {
        tags: ['imports'],
        summary: 'Start a sync run now (202); it goes on in the background, GET shows when it ends',
        response: { 202: registrySyncStatusSchema, ...errors },
      },
    },
    async (_request, reply) => {
      void app.registrySync.runNow().catch(() => undefined);
      return reply.status(202).send(await status());
    },
  );

  app.get(
    '/api/admin/import-candidates',
    {
      schema: {
        tags: ['imports'],
        summary: 'Servers new in the registry, waiting for an admin, newest first',
        querystring: importCandidatesQuerySchema,
        response: { 200: importCandidateListSchema, ...errors },
      },
    },
    async (request) => listCandidates(deps, request.query.before),
  );

  app.post(
    '/api/admin/import-candidates/:id/dismiss',
    {
      schema: {
        tags: ['imports'],
        summary: 'Leave a candidate out (a later version does not bring it back)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await dismissCandidate(deps, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/import-candidates/:id/draft',
    {
      schema: {
        tags: ['imports'],
        summary: 'Start a draft of a candidate, filled from the registry, to complete and submit',
        params: idParamsSchema,
        response: { 201: importDraftResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await draftCandidate(deps, app.requireAdmin(request).id, request.params.id)),
  );
};

export default registrySyncRoutes;
