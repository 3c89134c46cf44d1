import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentIdOrSlugParamsSchema } from '../../../shared/api/agents.js';
import {
  createReviewSchema,
  helpfulResponseSchema,
  replySchema,
  reviewAgentParamsSchema,
  reviewIdParamsSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
  updateReviewSchema,
} from '../../../shared/api/reviews.js';
import {
  createReview,
  deleteReview,
  replyToReview,
  updateReview,
  voteHelpful,
} from './reviews.write.service.js';
import { cachedJson } from '../../http/cached-json.js';
import { cacheTags } from '../../lib/response-cache.js';
import { findPublishedRatingsOr404 } from '../agents/agents.service.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { listReviews } from './reviews.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.reviewWrites;
  const perUser = (name: string, max: number, window: string) =>
    app.rateLimits.perKey(name, max, window, (request) => request.user?.id.toString());

  app.get(
    '/api/agents/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of an agent, paged',
        params: agentIdOrSlugParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => {
        const agent = await findPublishedRatingsOr404(app.services.reviews, request.params.id);
        return {
          body: await listReviews(app.services.reviews, agent, request.query),
          tags: [cacheTags.reviews(agent.id)],
        };
      }),
  );

  app.post(
    '/api/agents/:id/reviews',
    {
      preHandler: perUser('review-create', 10, '1 hour'),
      schema: {
        tags: ['reviews'],
        summary: 'Review an agent (one review per person and agent)',
        params: reviewAgentParamsSchema,
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
        ...ownerOnly('edit-review'),
        params: reviewIdParamsSchema,
        body: updateReviewSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => updateReview(deps, app.requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Delete your review (an admin may delete any)',
        ...ownerOnly('delete-review'),
        params: reviewIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
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
        ...ownerOnly('reply', { names: 'review' }),
        params: reviewIdParamsSchema,
        body: replySchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 404, 409, 429) },
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
        params: reviewIdParamsSchema,
        response: { 200: helpfulResponseSchema, ...errors },
      },
    },
    async (request) => voteHelpful(deps, app.requireUser(request), request.params.id),
  );
};

export default reviewsRoutes;
