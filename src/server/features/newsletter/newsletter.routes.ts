import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
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
        response: { 200: newsletterResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => subscribeToNewsletter(app.services.newsletter, request.body.email),
  );
};

export default newsletterRoutes;
