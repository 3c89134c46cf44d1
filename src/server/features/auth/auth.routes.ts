import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.js';
import { currentUserSchema } from '../../../shared/api/auth.js';
import { presentCurrentUser } from './auth.presenter.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user; 401 when nobody is signed in',
        response: { 200: currentUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => presentCurrentUser(app.requireUser(request)),
  );
};

export default authRoutes;
