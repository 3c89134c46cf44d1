import {
  createMcpHandler,
  localhostAllowedHostnames,
  validateHostHeader,
  validateOriginHeader,
  type McpHttpHandler,
  type McpServer,
} from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An MCP endpoint that keeps no session, in both protocol eras, from one factory of servers: the
 * stateless 2026-07-28 revision (every request carries its version and client in `_meta`), and the
 * 2025 revisions' `initialize` handshake, answered by a fresh server per request. Nothing is held
 * between requests, so any instance answers any request.
 */
export function createStatelessMcp(
  factory: () => McpServer,
  onError: (error: Error) => void,
): McpHttpHandler {
  // The tools send nothing before their result, so every answer is one JSON body (no stream).
  return createMcpHandler(factory, { legacy: 'stateless', onerror: onError });
}

/**
 * The host names an MCP endpoint answers to, in the Host header and in a browser's Origin: PUBLIC_URL's,
 * the configured ones, and loopback (a page cannot make a browser send `Host: localhost` unless it is
 * itself served from there, so loopback gives DNS rebinding nothing).
 */
export function mcpAllowedHosts(publicUrl: string, configured: readonly string[]): string[] {
  return [...new Set([new URL(publicUrl).hostname, ...configured, ...localhostAllowedHostnames()])];
}

/**
 * Answers one MCP request. A Host or Origin that names another site is refused with 403 before the
 * request is read, as the Streamable HTTP transport asks against DNS rebinding: a page of that site
 * could otherwise reach a server on the visitor's network by resolving its own name to it.
 */
export async function serveMcp(
  handler: McpHttpHandler,
  allowedHosts: readonly string[],
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const host = validateHostHeader(request.headers.host, [...allowedHosts]);
  if (!host.ok) return refuseMcp(reply, 403, `Host not allowed: ${host.message}`);
  const origin = validateOriginHeader(request.headers.origin, [...allowedHosts]);
  if (!origin.ok) return refuseMcp(reply, 403, `Origin not allowed: ${origin.message}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const aborted = new AbortController();
  reply.raw.on('close', () => aborted.abort());
  const webRequest = new Request(new URL(request.url, `http://${request.headers.host}`), {
    method: request.method,
    headers,
    // Fastify has parsed the body already; the handler reads the parsed value.
    body: request.body === undefined ? null : JSON.stringify(request.body),
    signal: aborted.signal,
  });
  return reply.send(await handler.fetch(webRequest, { parsedBody: request.body }));
}

/** A JSON-RPC error in the body, as the Streamable HTTP transport answers what it does not serve. */
export function refuseMcp(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}
