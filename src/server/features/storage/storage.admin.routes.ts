import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  adminStorageQuerySchema,
  adminStorageResponseSchema,
  fileIdParamsSchema,
  storageCleanupResponseSchema,
} from '../../../shared/api/storage.js';
import { cleanUpOrphans, deleteStoredFile, listStoredFiles } from './storage.admin.service.js';
import { adminOnly } from '../../plugins/admin-only.js';

const errors = errorResponses(400, 401, 403, 404);

/** Admin: storage usage, files, deletion and orphan clean-up (admin only, checked before anything is read). */
const storageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.storage;
  app.addHook('onRequest', adminOnly);

  app.get(
    '/api/admin/storage',
    {
      schema: {
        tags: ['admin'],
        summary: 'Usage and stored files with owner and use, newest first (orphans=true: only orphans)',
        querystring: adminStorageQuerySchema,
        response: { 200: adminStorageResponseSchema, ...errors },
      },
    },
    async (request) => listStoredFiles(deps, request.query),
  );

  app.delete(
    '/api/admin/storage/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a stored file; listings using it lose their logo',
        params: fileIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteStoredFile(deps, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/storage/cleanup',
    {
      schema: {
        tags: ['admin'],
        summary: 'Removes files no agent, revision or draft uses that are older than a day',
        response: { 200: storageCleanupResponseSchema, ...errors },
      },
    },
    async () => cleanUpOrphans(deps),
  );
};

export default storageAdminRoutes;
