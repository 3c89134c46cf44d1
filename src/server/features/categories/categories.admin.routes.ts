import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryListSchema,
  adminCategorySchema,
  categoryIdParamsSchema,
  createCategorySchema,
  deleteCategoryQuerySchema,
  reorderCategoriesSchema,
  updateCategorySchema,
} from '../../../shared/api/categories.js';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  reorderCategories,
  updateCategory,
} from './categories.admin.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { adminOnly } from '../../plugins/admin-only.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Admin: create, rename, reorder, describe and delete categories (admin checked before anything is read). */
const categoriesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.categoriesAdmin;
  app.addHook('onRequest', adminOnly);

  app.get(
    '/api/admin/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every category in position order, with agent counts',
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async () => listAdminCategories(deps),
  );

  app.post(
    '/api/admin/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a category (slug made from the name unless given)',
        body: createCategorySchema,
        response: { 201: adminCategorySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(deps, request.body)),
  );

  app.put(
    '/api/admin/categories/order',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder the categories: every id exactly once, first to last',
        body: reorderCategoriesSchema,
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async (request) => reorderCategories(deps, request.body.ids),
  );

  app.put(
    '/api/admin/categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename, describe, change the icon or the position of a category',
        params: categoryIdParamsSchema,
        body: updateCategorySchema,
        response: { 200: adminCategorySchema, ...errors },
      },
    },
    async (request) => updateCategory(deps, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a category; one with agents needs moveTo (the slug of the category they go to)',
        params: categoryIdParamsSchema,
        querystring: deleteCategoryQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(deps, request.params.id, request.query.moveTo);
      return reply.status(204).send(null);
    },
  );
};

export default categoriesAdminRoutes;
