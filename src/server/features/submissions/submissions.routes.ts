import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  draftChangesSchema,
  draftFieldsSchema,
  draftListSchema,
  draftSchema,
  idParamsSchema,
  submitDraftResponseSchema,
} from '../../../shared/api/submissions.js';
import {
  createDraft,
  deleteDraft,
  getDraft,
  listDrafts,
  submitDraft,
  updateDraft,
} from './submissions.service.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 404, 409, 429);

/** Drafts of agent submissions and their submission (spec section 7). Owner only. */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.submissions;

  app.get(
    '/api/drafts',
    {
      schema: {
        tags: ['drafts'],
        summary: 'The signed-in user’s drafts, most recently changed first',
        response: { 200: draftListSchema, ...errors },
      },
    },
    async (request) => listDrafts(deps, app.requireUser(request).id),
  );

  app.get(
    '/api/drafts/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'One of the signed-in user’s drafts',
        ...ownerOnly('draft'),
        params: idParamsSchema,
        response: { 200: draftSchema, ...errors },
      },
    },
    async (request) => getDraft(deps, app.requireUser(request), request.params.id),
  );

  app.post(
    '/api/drafts',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Start a draft (every field optional)',
        body: draftFieldsSchema,
        response: { 201: draftSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = app.requireUser(request);
      return reply.status(201).send(await createDraft(deps, user.id, request.body));
    },
  );

  app.put(
    '/api/drafts/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Save fields of a draft: keys given are merged, a key given as null is cleared',
        ...ownerOnly('draft'),
        params: idParamsSchema,
        body: draftChangesSchema,
        response: { 200: draftSchema, ...errors },
      },
    },
    async (request) => updateDraft(deps, app.requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/drafts/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Delete a draft',
        ...ownerOnly('draft'),
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDraft(deps, app.requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/drafts/:id/submit',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Submit a draft for review: validated in full, it becomes a pending agent',
        ...ownerOnly('draft'),
        params: idParamsSchema,
        response: { 201: submitDraftResponseSchema, ...errors },
      },
      preHandler: app.rateLimits.perKey('submit-agent', 20, '1 hour', (request) =>
        request.user ? String(request.user.id) : undefined,
      ),
    },
    async (request, reply) => {
      const user = app.requireUser(request);
      return reply.status(201).send(await submitDraft(deps, user, request.params.id));
    },
  );
};

export default submissionsRoutes;
