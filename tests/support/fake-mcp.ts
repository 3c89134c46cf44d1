import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  McpServer as McpServerV2,
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * How the fake answers:
 * - `healthy`: a 2025-era server only (the v1 SDK, stateless): `initialize`, no `server/discover`;
 * - `modern`: the v2 SDK serving 2026-07-28 only (`legacy: 'reject'`: `initialize` gets -32022);
 * - `dual`: the v2 SDK as it ships, both eras;
 * - `oauth`: a 401 whose `WWW-Authenticate` names RFC 9728 protected-resource metadata, which names an
 *   authorization server (on the same fake, at `/as`) whose RFC 8414 metadata loads; `oauthHint: false`
 *   leaves the header bare, so a client must look at the well-known location; `oauthServerUp: false`
 *   makes the authorization server's metadata 404; the resource advertises the scope `mcp:tools`, the
 *   authorization server `openid`, `mcp:tools` and `mcp:admin`;
 * - `auth`: a plain web application's login wall (401, no metadata anywhere);
 * - `html`: a web page (200, text/html);
 * - `slow`: healthy after `slowMs` per request; `hang`: never answers; `garbage`: broken JSON; `error`: 503.
 */
export type FakeMcpMode =
  'healthy' | 'modern' | 'dual' | 'oauth' | 'auth' | 'html' | 'slow' | 'hang' | 'garbage' | 'error';

interface FakeMcpOptions {
  mode?: FakeMcpMode;
  tools?: string[];
  slowMs?: number;
  oauthHint?: boolean;
  oauthServerUp?: boolean;
  /** Adds the conformance suite's fixture tool test_error_handling to the v2 servers. */
  conformanceFixtures?: boolean;
}

/**
 * An MCP server built with the official SDKs over Streamable HTTP (stateless), started by the tests,
 * at `/mcp`. `mode` and `tools` may change between probes: the next request sees them.
 */
export async function startFakeMcp(options: FakeMcpOptions = {}) {
  const state = {
    mode: options.mode ?? ('healthy' as FakeMcpMode),
    tools: options.tools ?? ['search', 'fetch'],
    slowMs: options.slowMs ?? 800,
    oauthHint: options.oauthHint ?? true,
    oauthServerUp: options.oauthServerUp ?? true,
    requests: 0,
    /** Each request's method and path, in order (`POST /mcp`, `GET /.well-known/…`). */
    log: [] as string[],
  };
  let origin = '';

  function legacyServer(): McpServer {
    const server = new McpServer({ name: 'fake-mcp', version: '1.0.0' });
    for (const name of state.tools)
      server.registerTool(name, { description: `The ${name} tool.` }, async () => ({
        content: [{ type: 'text', text: name }],
      }));
    return server;
  }

  function modernServer(): McpServerV2 {
    const server = new McpServerV2({ name: 'fake-mcp-v2', version: '2.0.0' });
    for (const name of state.tools)
      server.registerTool(name, { description: `The ${name} tool.` }, async () => ({
        content: [{ type: 'text', text: name }],
      }));
    if (options.conformanceFixtures)
      server.registerTool('test_error_handling', { description: 'Always fails.' }, async () => {
        throw new Error('This tool intentionally returns an error for testing');
      });
    return server;
  }
  const dual = createMcpHandler(modernServer);
  const modernOnly = createMcpHandler(modernServer, { legacy: 'reject' });

  async function serveV2(
    handler: typeof dual,
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
  ) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && name !== 'content-length') headers.set(name, value);
    const webRequest = new Request(`${origin}${request.url}`, {
      method: request.method,
      headers,
      body: request.method === 'POST' ? new Uint8Array(body) : null,
    });
    // As the SDK's documentation mounts it: loopback only, against DNS rebinding.
    const answer =
      hostHeaderValidationResponse(webRequest, localhostAllowedHostnames()) ??
      originValidationResponse(webRequest, localhostAllowedOrigins()) ??
      (await handler.fetch(webRequest));
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  }

  const protectedResource = () => ({
    resource: `${origin}/mcp`,
    authorization_servers: [`${origin}/as`],
    bearer_methods_supported: ['header'],
    scopes_supported: ['mcp:tools'],
  });
  const authorizationServer = () => ({
    issuer: `${origin}/as`,
    authorization_endpoint: `${origin}/as/authorize`,
    token_endpoint: `${origin}/as/token`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'mcp:tools', 'mcp:admin'],
  });

  const json = (response: http.ServerResponse, status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };

  const httpServer = http.createServer((request, response) => {
    state.requests += 1;
    const path = (request.url ?? '/').split('?')[0]!;
    state.log.push(`${request.method} ${path}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (state.mode === 'oauth' && request.method === 'GET') {
        if (path === '/.well-known/oauth-protected-resource/mcp')
          return json(response, 200, protectedResource());
        if (path === '/.well-known/oauth-authorization-server/as' && state.oauthServerUp)
          return json(response, 200, authorizationServer());
        return json(response, 404, { error: 'not found' });
      }
      if (state.mode === 'oauth') {
        const hint = `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;
        response.writeHead(401, {
          'www-authenticate': state.oauthHint ? `Bearer ${hint}` : 'Bearer',
          'content-type': 'application/json',
        });
        response.end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      if (state.mode === 'auth') {
        response.writeHead(401, {
          'www-authenticate': 'Basic realm="intranet"',
          'content-type': 'text/html',
        });
        response.end('<!doctype html><title>Sign in</title><form method=post action=/login></form>');
        return;
      }
      if (state.mode === 'html') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><html><head><title>Welcome</title></head><body>Hello</body></html>');
        return;
      }
      if (state.mode === 'hang') return;
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
      if (state.mode === 'modern' || state.mode === 'dual')
        return serveV2(state.mode === 'dual' ? dual : modernOnly, request, body, response);
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs));
      const server = legacyServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      let parsed: unknown;
      try {
        parsed = body.length > 0 ? (JSON.parse(body.toString('utf8')) as unknown) : undefined;
      } catch {
        parsed = undefined;
      }
      await transport.handleRequest(request, response, parsed);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    port,
    state,
    close: async () => {
      await Promise.all([dual.close(), modernOnly.close()]);
      await new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      });
    },
  };
}
