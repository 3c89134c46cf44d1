import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewSchema } from '../../../shared/api/agents.js';
import {
  createReviewSchema,
  helpfulResponseSchema,
  replySchema,
  reportResponseSchema,
  reportSchema,
  updateReviewSchema,
} from '../../../shared/api/reviews.js';
import {
  createReview,
  deleteReview,
  replyToReview,
  reportContent,
  updateReview,
  voteHelpful,
} from './reviews.write.service.js';
import { errorResponses } from '../../http/error-responses.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const errors = errorResponses(400, 401, 403, 404, 409, 429);

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.reviewWrites;
  const perUser = (name: string, max: number, window: string) =>
    app.rateLimits.perKey(name, max, window, (request) => request.user?.id.toString());

  app.post(
    '/api/agents/:id/reviews',
    {
      preHandler: perUser('review-create', 10, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Review an agent (one review per person and agent)',
        params: idParams,
        body: createReviewSchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createReview(deps, app.requireUser(request), request.params.id, request.body)),
  );

  app.put(
    '/api/reviews/:id',
    {
      preHandler: perUser('review-edit', 30, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Edit your review',
        params: idParams,
        body: updateReviewSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => updateReview(deps, app.requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Delete your review',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReview(deps, app.requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      preHandler: perUser('review-reply', 30, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Reply to a review of your agent (once per review)',
        params: idParams,
        body: replySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => replyToReview(deps, app.requireUser(request), request.params.id, request.body.body),
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      preHandler: perUser('review-helpful', 60, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Mark a review helpful (once per person)',
        params: idParams,
        response: { 200: helpfulResponseSchema, ...errors },
      },
    },
    async (request) => voteHelpful(deps, app.requireUser(request), request.params.id),
  );

  app.post(
    '/api/reviews/:id/report',
    {
      preHandler: perUser('report', 10, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Report a review to the moderators',
        params: idParams,
        body: reportSchema,
        response: { 201: reportResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportContent(deps, app.requireUser(request), { reviewId: request.params.id }, request.body),
        ),
  );

  app.post(
    '/api/agents/:id/report',
    {
      preHandler: perUser('report', 10, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Report an agent to the moderators',
        params: idParams,
        body: reportSchema,
        response: { 201: reportResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportContent(deps, app.requireUser(request), { agentId: request.params.id }, request.body),
        ),
  );
};

export default reviewsRoutes;
