import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** A tool exactly as the fake sends it (any JSON the test likes). */
export type RawTool = { name: string; inputSchema: Record<string, unknown> } & Record<string, unknown>;

/**
 * An MCP server (the official v1 SDK's low-level Server, Streamable HTTP, stateless) that lists tools
 * exactly as the test sets them in `state.tools`, with `instructions`, prompts and resource templates,
 * and announces `tools.listChanged`. `listChanged()` sends notifications/tools/list_changed to every
 * connection open at that moment, as a server does when its tools change.
 */
export async function startFakeToolServer(initial: {
  tools: RawTool[];
  instructions?: string;
  prompts?: Array<Record<string, unknown>>;
  resourceTemplates?: Array<Record<string, unknown>>;
}) {
  const state = { ...initial, listChangedSent: 0 };
  const open = new Set<Server>();

  function serverNow(): Server {
    const server = new Server(
      { name: 'fake-tools', version: '1.0.0' },
      {
        capabilities: {
          tools: { listChanged: true },
          ...(state.prompts ? { prompts: {} } : {}),
          ...(state.resourceTemplates ? { resources: {} } : {}),
        },
        ...(state.instructions ? { instructions: state.instructions } : {}),
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: state.tools }));
    if (state.prompts)
      server.setRequestHandler(ListPromptsRequestSchema, async () => ({
        prompts: state.prompts as Array<{ name: string }>,
      }));
    if (state.resourceTemplates)
      server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
        resourceTemplates: state.resourceTemplates as Array<{ name: string; uriTemplate: string }>,
      }));
    return server;
  }

  const httpServer = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const server = serverNow();
      open.add(server);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      response.on('close', () => {
        open.delete(server);
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      let parsed: unknown;
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        parsed = body.length > 0 ? (JSON.parse(body) as unknown) : undefined;
      } catch {
        parsed = undefined;
      }
      await transport.handleRequest(request, response, parsed);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    state,
    /** Tells connected clients the tools changed (a stateless server has none between requests). */
    async listChanged() {
      state.listChangedSent += 1;
      await Promise.all([...open].map((server) => server.sendToolListChanged().catch(() => {})));
    },
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
