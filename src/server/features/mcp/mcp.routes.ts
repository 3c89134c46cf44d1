import type { FastifyPluginAsync } from 'fastify';
import { MCP_SERVER_PATH } from '../../../shared/api/mcp.js';
import { createStatelessMcp, mcpAllowedHosts, refuseMcp, serveMcp } from '../../http/stateless-mcp.js';
import { createAtlasMcpServer } from './mcp-server.js';

/** Per client address, like a busy API client: an AI agent searching makes a few calls a question. */
export const MCP_REQUESTS_PER_MINUTE = 120;

const mcpRoutes: FastifyPluginAsync = async (app) => {
  const { agents, categories, probes } = app.services;
  const deps = { agents, categories, probes, publicUrl: app.config.publicUrl, version: '1.0.0' };
  const handler = createStatelessMcp(
    () => createAtlasMcpServer(deps),
    (error) => app.log.debug({ err: error }, 'MCP request refused or failed'),
  );
  const allowedHosts = mcpAllowedHosts(app.config.publicUrl, app.config.mcpAllowedHosts);
  app.addHook('onClose', () => handler.close());
  const limit = app.rateLimits.perIp('mcp', MCP_REQUESTS_PER_MINUTE, '1 minute');
  // Read-only and blind to cookies: the app's own origin check steps aside for the MCP transport's
  // (serveMcp), which admits the sites MCP_ALLOWED_HOSTS names.
  const config = { crossOrigin: true };

  app.post(
    MCP_SERVER_PATH,
    {
      config,
      preHandler: limit,
      schema: {
        tags: ['mcp'],
        summary: 'AgentAtlas as an MCP server (Streamable HTTP): search_agents, get_agent, list_categories',
        description:
          'JSON-RPC 2.0 messages as the Model Context Protocol defines them, in the stateless 2026-07-28 ' +
          'revision and in the 2025 revisions (initialize); no session is kept. Point an MCP client at this ' +
          'address (see docs/integration.md).',
      },
    },
    (request, reply) => serveMcp(handler, allowedHosts, request, reply),
  );
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: MCP_SERVER_PATH,
      config,
      schema: { hide: true },
      handler: async (_request, reply) =>
        refuseMcp(reply.header('allow', 'POST'), 405, 'This MCP server keeps no sessions; use POST.'),
    });
};

export default mcpRoutes;
