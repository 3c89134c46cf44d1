import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  fileIdParamsSchema,
  ownUploadListSchema,
  storageInfoSchema,
  uploadedFileSchema,
  uploadPathParamsSchema,
} from '../../../shared/api/storage.js';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.js';
import { AppError, invalid } from '../../errors.js';
import { UPLOADS_URL_PREFIX } from '../../storage/file-url.js';
import { isStorageKey } from '../../storage/storage-driver.js';
import {
  deleteOwnUpload,
  listOwnUploads,
  openStoredFile,
  storageInfo,
  storeUpload,
  TOO_LARGE,
} from './uploads.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 429);
const CHOOSE_FILE = 'Choose an image to upload.';
/** Per person: plenty for trying a few logos, too few to fill the disk. */
export const UPLOADS_PER_WINDOW = 30;

/** Uploads (logos): sniffed, re-encoded with sharp, stored; served from /uploads. */
const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.storage;
  await deps.driver.init();
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 50 },
  });

  /** The one file part of the request, read whole (at most UPLOAD_MAX_BYTES), as clear 4xx errors. */
  async function readUpload(request: FastifyRequest) {
    if (!request.isMultipart()) throw invalid(CHOOSE_FILE, { file: [CHOOSE_FILE] });
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw invalid(CHOOSE_FILE, { file: [CHOOSE_FILE] });
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw invalid(CHOOSE_FILE, { file: [CHOOSE_FILE] });
      return { bytes, filename: part.filename || null };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new AppError('too_large', TOO_LARGE, { file: [TOO_LARGE] });
      if (error instanceof app.multipartErrors.FilesLimitError)
        throw invalid('Upload one file at a time.', { file: ['Upload one file at a time.'] });
      // Anything else here is a malformed multipart body from the client, not a fault of ours.
      throw invalid('The upload could not be read. Please try again.');
    }
  }

  app.post(
    '/api/uploads',
    {
      onRequest: async (request) => {
        app.requireUser(request);
      },
      preHandler: app.rateLimits.perKey('uploads', UPLOADS_PER_WINDOW, '15 minutes', (request) =>
        request.user ? String(request.user.id) : undefined,
      ),
      schema: {
        tags: ['storage'],
        summary:
          'Uploads a logo (multipart field `file`: PNG, JPEG or WebP, at most 1 MB and 4096×4096 px; 503 with Retry-After while the image queue is full)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedFileSchema, ...errors, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const user = app.requireUser(request);
      const upload = await readUpload(request);
      const file = await storeUpload(deps, {
        ownerId: user.id,
        bytes: upload.bytes,
        originalName: upload.filename,
      });
      return reply.status(201).send(file);
    },
  );

  app.get(
    '/api/user/uploads',
    {
      schema: {
        tags: ['storage'],
        summary: 'Your own uploaded files, newest first',
        response: { 200: ownUploadListSchema, ...errors },
      },
    },
    async (request) => listOwnUploads(deps, app.requireUser(request).id),
  );

  app.delete(
    '/api/uploads/:id',
    {
      schema: {
        tags: ['storage'],
        summary: 'Deletes one of your files (409 while it is an agent’s logo)',
        ...ownerOnly('upload'),
        params: fileIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteOwnUpload(deps, { ownerId: app.requireUser(request).id, fileId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/storage/info',
    {
      schema: {
        tags: ['storage'],
        summary: 'The storage driver and upload limits (no secrets, no paths)',
        response: { 200: storageInfoSchema },
      },
    },
    async () => storageInfo(deps.driver),
  );

  // A wildcard, so nested or odd paths under /uploads/ answer 404 here instead of the app shell.
  app.get(
    `${UPLOADS_URL_PREFIX}*`,
    { schema: { hide: true, params: uploadPathParamsSchema } },
    async (request, reply) => {
      const key = request.params['*'];
      const stored = isStorageKey(key) ? await openStoredFile(deps, key) : null;
      if (!stored) throw new AppError('not_found', 'File not found');
      return reply
        .header('content-type', stored.contentType)
        .header('content-length', String(stored.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(stored.stream);
    },
  );
};

export default uploadsRoutes;
