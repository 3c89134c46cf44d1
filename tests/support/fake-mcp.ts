import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** How the fake answers: a healthy server, one asking for credentials, a slow one, one answering garbage. */
export type FakeMcpMode = 'healthy' | 'auth' | 'slow' | 'garbage' | 'error';

/**
 * An MCP server built with the official SDK over Streamable HTTP (stateless), started by the tests.
 * `mode` and `tools` may change between probes: the next request sees them.
 */
export async function startFakeMcp(options: { mode?: FakeMcpMode; tools?: string[]; slowMs?: number } = {}) {
  const state = {
    mode: options.mode ?? ('healthy' as FakeMcpMode),
    tools: options.tools ?? ['search', 'fetch'],
    slowMs: options.slowMs ?? 800,
    requests: 0,
  };

  function mcpServer(): McpServer {
    const server = new McpServer({ name: 'fake-mcp', version: '1.0.0' });
    for (const name of state.tools)
      server.registerTool(name, { description: `The ${name} tool.` }, async () => ({
        content: [{ type: 'text', text: name }],
      }));
    return server;
  }

  const httpServer = http.createServer((request, response) => {
    state.requests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (state.mode === 'auth') {
        response.writeHead(401, {
          'www-authenticate': 'Bearer realm="fake"',
          'content-type': 'application/json',
        });
        response.end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      if (state.mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"this is": not json');
        return;
      }
      if (state.mode === 'error') {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('down for maintenance');
        return;
      }
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs));
      const server = mcpServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      const body =
        chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined;
      await transport.handleRequest(request, response, body);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
