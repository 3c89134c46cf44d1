import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema, filtersResponseSchema } from '../../../shared/api/categories.js';
import { cachedJson } from '../../http/cached-json.js';
import { cacheTags } from '../../lib/response-cache.js';
import { getFilters, listCategories } from './categories.service.js';

/** The public category list and the listing's filter options (cached like the rest of the catalogue). */
const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.categories;

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every category with its number of published agents',
        response: { 200: categoryListSchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => ({
        body: await listCategories(deps),
        tags: [cacheTags.categories],
      })),
  );

  app.get(
    '/api/filters',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The filter options of the listing',
        response: { 200: filtersResponseSchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => ({
        body: await getFilters(deps),
        tags: [cacheTags.categories],
      })),
  );
};

export default categoriesRoutes;
