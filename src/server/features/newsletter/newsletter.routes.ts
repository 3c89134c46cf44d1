import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.js';
import { newsletterResponseSchema, newsletterSubscribeSchema } from '../../../shared/api/newsletter.js';
import { subscribeToNewsletter } from './newsletter.service.js';

const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/newsletter/subscribe',
    {
      onRequest: app.rateLimits.perIp('newsletter', 5, '1 minute'),
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter',
        body: newsletterSubscribeSchema,
        response: {
          200: newsletterResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => subscribeToNewsletter(app.db, request.body.email),
  );
};

export default newsletterRoutes;
