import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  addFavoriteSchema,
  favoriteAgentParamsSchema,
  favoriteCheckSchema,
  favoriteIdParamsSchema,
  favoriteListSchema,
  favoriteSchema,
  updateFavoriteSchema,
} from '../../../shared/api/favorites.js';
import {
  addFavorite,
  checkFavorite,
  listFavorites,
  removeFavorite,
  updateFavorite,
} from './favorites.service.js';

const errors = errorResponses(400, 401, 404, 429);

const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.favorites;

  app.get(
    '/api/favorites',
    {
      schema: {
        tags: ['favorites'],
        summary: 'The signed-in user’s favorites, newest first',
        response: { 200: favoriteListSchema, ...errors },
      },
    },
    async (request) => listFavorites(deps, app.requireUser(request).id),
  );

  app.get(
    '/api/favorites/check/:agentId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Whether the signed-in user favorited an agent',
        params: favoriteAgentParamsSchema,
        response: { 200: favoriteCheckSchema, ...errors },
      },
    },
    async (request) => checkFavorite(deps, app.requireUser(request).id, request.params.agentId),
  );

  app.post(
    '/api/favorites',
    {
      preHandler: app.rateLimits.perKey('favorites', 120, '1 minute', (request) =>
        request.user?.id.toString(),
      ),
      schema: {
        tags: ['favorites'],
        summary: 'Add an agent to the favorites (201; 200 when it already was one)',
        body: addFavoriteSchema,
        response: { 200: favoriteSchema, 201: favoriteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { favorite, created } = await addFavorite(deps, app.requireUser(request), request.body.agentId);
      return reply.status(created ? 201 : 200).send(favorite);
    },
  );

  app.put(
    '/api/favorites/:id',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Update a favorite’s tags and notes',
        ...ownerOnly('favorite'),
        params: favoriteIdParamsSchema,
        body: updateFavoriteSchema,
        response: { 200: favoriteSchema, ...errors },
      },
    },
    async (request) => updateFavorite(deps, app.requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/favorites/:id',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove a favorite',
        ...ownerOnly('favorite'),
        params: favoriteIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFavorite(deps, app.requireUser(request).id, { id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/favorites/agent/:agentId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove the favorite of an agent',
        params: favoriteAgentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFavorite(deps, app.requireUser(request).id, { agentId: request.params.agentId });
      return reply.status(204).send(null);
    },
  );
};

export default favoritesRoutes;
