import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolHashParamsSchema, toolHashPinSchema } from '../../../shared/api/tool-record.js';
import { cachedJson } from '../../http/cached-json.js';
import { errorResponses } from '../../http/error-responses.js';
import { cacheTags } from '../../lib/response-cache.js';
import { findToolHashPin } from './tool-record.service.js';

/** The pins a gateway checks before it trusts a tool (DESIGN section 10). */
const toolRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { probes: app.services.probes.probes };

  app.get(
    '/api/tool-hashes/:hash',
    {
      schema: {
        tags: ['tool record'],
        summary:
          'A tool’s or tool set’s hash: when it was first and last seen, whether it is still served, and where',
        params: toolHashParamsSchema,
        response: { 200: toolHashPinSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, async () => ({
        body: await findToolHashPin(deps, request.params.hash),
        tags: [cacheTags.toolHashes],
      })),
  );
};

export default toolRecordRoutes;
