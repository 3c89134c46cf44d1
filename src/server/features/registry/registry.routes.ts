import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  registryListQuerySchema,
  registryServerListSchema,
  registryServerSchema,
  serverNameParamsSchema,
  serverVersionParamsSchema,
} from '../../../shared/api/registry.js';
import { errorResponses } from '../../http/error-responses.js';
import { getServerVersion, listServerVersions, listServers } from './registry.service.js';

/**
 * The MCP registry's v0.1 API (DESIGN section 11), read-only: IDEs and gateways that enforce a
 * "registry only" policy read the catalogue's MCP servers here, with AgentAtlas's evidence in `_meta`.
 */
const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.registry;

  // IDE extensions and web tools read registries from other origins; nothing here depends on who asks.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  // Evidence moves with every probe: clients revalidate rather than keep a stale allowlist.
  const fresh = { 'cache-control': 'no-cache' };

  app.get(
    '/v0.1/servers',
    {
      schema: {
        tags: ['registry'],
        summary:
          'MCP servers listed on AgentAtlas (every published agent with an MCP endpoint) as server.json, a cursor page at a time, with the evidence in _meta["io.agentatlas/evidence"]',
        querystring: registryListQuerySchema,
        response: { 200: registryServerListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.headers(fresh);
      return listServers(deps, request.query);
    },
  );

  app.get(
    '/v0.1/servers/:serverName/versions',
    {
      schema: {
        tags: ['registry'],
        summary: "A server's versions: the one live version of its listing",
        params: serverNameParamsSchema,
        response: { 200: registryServerListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(fresh);
      return listServerVersions(deps, request.params.serverName);
    },
  );

  app.get(
    '/v0.1/servers/:serverName/versions/:version',
    {
      schema: {
        tags: ['registry'],
        summary: "One version of a server: 'latest', or the exact version it has",
        params: serverVersionParamsSchema,
        response: { 200: registryServerSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(fresh);
      return getServerVersion(deps, request.params.serverName, request.params.version);
    },
  );
};

export default registryRoutes;
