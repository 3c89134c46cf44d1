import { McpServer } from '@modelcontextprotocol/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createStatelessMcp, mcpAllowedHosts, refuseMcp, serveMcp } from '../../http/stateless-mcp.js';

/**
 * A small MCP server the app serves itself, so that `npm start` shows a real probe without a network:
 * the demo seed lists it as one agent's endpoint and an owner can press "Probe now" and watch the
 * handshake, in both protocol eras. It is a demo, says so in every answer, and is the single exception to the outbound rules
 * (lib/outbound-fetch.ts). Beside it: a server that asks for credentials (and says where they come
 * from) and a valid A2A agent card.
 */
export const DEMO_MCP_PATH = '/demo-mcp';
const DEMO_NOTE = 'AgentAtlas demo MCP server: for trying probes, not a real agent.';

interface DemoTool {
  name: string;
  description: string;
  answer: (text: string) => string;
}

const textTool = (name: string, description: string, answer: (text: string) => string): DemoTool => ({
  name,
  description,
  answer,
});

/** The demo servers: each answers its tools with canned text; every tool takes one optional `text`. */
export const DEMO_SERVERS = {
  demo: {
    title: 'AgentAtlas demo (not a real agent)',
    tools: [
      textTool('echo', 'Demo: answers the text it is given.', (text) => text),
      textTool('add', 'Demo: adds the numbers in the text.', (text) =>
        String((text.match(/-?\d+(\.\d+)?/g) ?? []).reduce((sum, value) => sum + Number(value), 0)),
      ),
      textTool('current_time', 'Demo: the server’s current time in ISO 8601.', () =>
        new Date().toISOString(),
      ),
    ],
  },
  weather: {
    title: 'AgentAtlas demo weather (not a real agent)',
    tools: [
      textTool(
        'forecast',
        'Demo: a made-up three-day forecast for a place.',
        (text) => `${text || 'Anywhere'}: sunny, then rain.`,
      ),
      textTool(
        'air_quality',
        'Demo: a made-up air quality index for a place.',
        (text) => `${text || 'Anywhere'}: AQI 42.`,
      ),
    ],
  },
  docs: {
    title: 'AgentAtlas demo docs search (not a real agent)',
    tools: [
      textTool(
        'search_docs',
        'Demo: finds made-up documentation pages for a query.',
        (text) => `No real pages for “${text}”: this is a demo.`,
      ),
      textTool('get_page', 'Demo: returns a made-up documentation page.', () => 'A demo page.'),
    ],
  },
} satisfies Record<string, { title: string; tools: DemoTool[] }>;
export type DemoServerName = keyof typeof DEMO_SERVERS;

function demoServer(name: DemoServerName): McpServer {
  const spec = DEMO_SERVERS[name];
  const server = new McpServer(
    { name: `agentatlas-${name}`, title: spec.title, version: '1.0.0' },
    { instructions: DEMO_NOTE },
  );
  for (const tool of spec.tools)
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: z.object({ text: z.string().max(1000).optional() }),
      },
      async ({ text }) => ({ content: [{ type: 'text', text: tool.answer(text ?? '') }] }),
    );
  return server;
}

const demoMcpRoutes: FastifyPluginAsync = async (app) => {
  const hidden = { schema: { hide: true } };

  const allowedHosts = mcpAllowedHosts(app.config.publicUrl, app.config.mcpAllowedHosts);
  for (const name of Object.keys(DEMO_SERVERS) as DemoServerName[]) {
    const url = name === 'demo' ? DEMO_MCP_PATH : `${DEMO_MCP_PATH}/${name}`;
    const handler = createStatelessMcp(
      () => demoServer(name),
      (error) => app.log.debug({ err: error }, 'Demo MCP request refused or failed'),
    );
    app.addHook('onClose', () => handler.close());
    // Like /mcp: the MCP transport's own Host and Origin check (serveMcp) stands in for the app's.
    app.post(url, { ...hidden, config: { crossOrigin: true } }, (request, reply) =>
      serveMcp(handler, allowedHosts, request, reply),
    );
    for (const method of ['GET', 'DELETE'] as const)
      app.route({
        method,
        url,
        ...hidden,
        handler: async (_request, reply) =>
          refuseMcp(reply.header('allow', 'POST'), 405, 'This demo server keeps no sessions; use POST.'),
      });
  }

  // The credentials-only sibling says where credentials come from, as MCP's authorization rules ask:
  // its 401 names RFC 9728 metadata, which names an authorization server whose OpenID discovery
  // document loads. Everything stays under /demo-mcp (the outbound guard's one exception), at the
  // address the request came to, so a local probe finds it.
  const here = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  app.post(`${DEMO_MCP_PATH}/private`, hidden, async (request, reply) =>
    refuseMcp(
      reply.header(
        'www-authenticate',
        `Bearer resource_metadata="${here(request)}${DEMO_MCP_PATH}/private/oauth-protected-resource"`,
      ),
      401,
      'Demo: this server needs credentials.',
    ),
  );
  app.get(`${DEMO_MCP_PATH}/private/oauth-protected-resource`, hidden, async (request) => ({
    resource: `${here(request)}${DEMO_MCP_PATH}/private`,
    authorization_servers: [`${here(request)}${DEMO_MCP_PATH}/oauth`],
    scopes_supported: ['demo:tools'],
    resource_name: DEMO_NOTE,
  }));
  app.get(`${DEMO_MCP_PATH}/oauth/.well-known/openid-configuration`, hidden, async (request) => {
    const issuer = `${here(request)}${DEMO_MCP_PATH}/oauth`;
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks.json`,
      response_types_supported: ['code'],
      scopes_supported: ['openid', 'demo:tools'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      service_documentation: DEMO_NOTE,
    };
  });

  app.get(`${DEMO_MCP_PATH}/agent-card.json`, hidden, async (request) => {
    const origin = app.config.publicUrl;
    return {
      protocolVersion: '0.3.0',
      name: 'AgentAtlas demo agent',
      description: DEMO_NOTE,
      url: `${origin}${DEMO_MCP_PATH}`,
      preferredTransport: 'JSONRPC',
      version: '1.0.0',
      capabilities: { streaming: false, pushNotifications: false },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [
        { id: 'echo', name: 'Echo', description: 'Answers the text it is given.', tags: ['demo'] },
        { id: 'time', name: 'Current time', description: 'Tells the time.', tags: ['demo'] },
      ],
      // The card's own address, so a reader can tell where it came from.
      documentationUrl: `${origin}${request.url}`,
    };
  });
};

export default demoMcpRoutes;
