/**
 * The MCP servers probed by `npm run bench:probes`, run in their own process (forked by
 * bench/probes-bench.ts) so their work is not in the benchmark driver's event loop. Each host is an
 * http server on 127.0.0.1 with its own port, built with the official SDK over Streamable HTTP
 * (stateless) like tests/support/fake-mcp.ts. Most hosts are healthy; a few behave as some real ones do.
 *
 * Messages: the parent sends { hosts }, this process answers { ports, modes } once every host listens;
 * the parent sends 'stats' and this process answers { requests, cpuMs }.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** healthy; slow: each POST waits slowMs (a handshake is 3 POSTs); auth: 401; garbage: not JSON; error: 503. */
export type FakeMode = 'healthy' | 'slow' | 'auth' | 'garbage' | 'error';
export interface FakeHost {
  mode: FakeMode;
  slowMs?: number;
}

/**
 * The fleet: the last six hosts are one a bit slow (up), one slow enough to be degraded (over 2 s),
 * two asking for credentials, one answering garbage and one down (503); every other host is healthy.
 */
function fleet(hosts: number): FakeHost[] {
  const odd: FakeHost[] = [
    { mode: 'slow', slowMs: 150 },
    { mode: 'slow', slowMs: 750 },
    { mode: 'auth' },
    { mode: 'auth' },
    { mode: 'garbage' },
    { mode: 'error' },
  ];
  if (hosts < odd.length + 2) throw new Error(`at least ${odd.length + 2} hosts`);
  return [...Array.from({ length: hosts - odd.length }, () => ({ mode: 'healthy' as const })), ...odd];
}

const TOOLS = ['search', 'fetch', 'summarize', 'translate'];
let requests = 0;

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'bench-fake-mcp', version: '1.0.0' });
  for (const name of TOOLS)
    server.registerTool(name, { description: `The ${name} tool.` }, async () => ({
      content: [{ type: 'text', text: name }],
    }));
  return server;
}

function listen(host: FakeHost): Promise<number> {
  const httpServer = http.createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (host.mode === 'auth') {
        response.writeHead(401, {
          'www-authenticate': 'Bearer realm="bench"',
          'content-type': 'application/json',
        });
        response.end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      if (host.mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"this is": not json');
        return;
      }
      if (host.mode === 'error') {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('down for maintenance');
        return;
      }
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      if (host.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, host.slowMs ?? 500));
      const server = mcpServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        const body =
          chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined;
        await transport.handleRequest(request, response, body);
      } catch {
        if (!response.headersSent) response.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) =>
    httpServer.listen(0, '127.0.0.1', () => resolve((httpServer.address() as AddressInfo).port)),
  );
}

// The bench went away (finished or crashed): so do the fakes.
process.on('disconnect', () => process.exit(0));
process.on('message', (message: unknown) => {
  if (message === 'stats') {
    const { user, system } = process.cpuUsage();
    process.send?.({ requests, cpuMs: Math.round((user + system) / 1000) });
    return;
  }
  const { hosts } = message as { hosts: number };
  const modes = fleet(hosts);
  void Promise.all(modes.map(listen)).then((ports) => process.send?.({ ports, modes }));
});
