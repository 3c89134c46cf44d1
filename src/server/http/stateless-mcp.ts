import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers one MCP request over Streamable HTTP without a session: a fresh server and transport per
 * request, as the SDK's stateless example does, with JSON answers rather than an SSE stream.
 */
export async function serveStatelessMcp(server: McpServer, request: FastifyRequest, reply: FastifyReply) {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}

/** A JSON-RPC error in the body, as the Streamable HTTP transport answers what it does not serve. */
export function refuseMcp(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}
