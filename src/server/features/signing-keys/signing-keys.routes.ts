import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JWKS_MAX_AGE_S, JWKS_PATH, jwksSchema } from '../../../shared/api/signing-keys.js';
import { publicKeySet } from './signing-keys.service.js';

/** GET /.well-known/jwks.json: the public keys of AgentAtlas's signatures. */
const signingKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.signingKeys;

  app.get(
    JWKS_PATH,
    {
      schema: {
        tags: ['transparency'],
        summary:
          'The public keys (JWKS) of AgentAtlas’s signatures: tree heads of the transparency log; a retired key stays until what it signed is no longer current',
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => {
      reply
        .header('cache-control', `public, max-age=${JWKS_MAX_AGE_S}`)
        .header('access-control-allow-origin', '*');
      return publicKeySet(deps);
    },
  );
};

export default signingKeysRoutes;
