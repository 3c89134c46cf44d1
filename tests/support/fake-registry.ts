import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A server as the registry's v0.1 API answers it (ServerResponse): server.json and the registry's metadata. */
export interface FakeServerEntry {
  server: Record<string, unknown> & { name: string; version: string; description: string };
  _meta: {
    'io.modelcontextprotocol.registry/official': {
      status: 'active' | 'deprecated' | 'deleted';
      publishedAt: string;
      updatedAt: string;
      isLatest: boolean;
    };
  };
}

export function registryEntry(
  server: FakeServerEntry['server'],
  meta: Partial<FakeServerEntry['_meta']['io.modelcontextprotocol.registry/official']> = {},
): FakeServerEntry {
  const at = meta.updatedAt ?? new Date().toISOString();
  return {
    server: {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      ...server,
    },
    _meta: {
      'io.modelcontextprotocol.registry/official': {
        status: 'active',
        publishedAt: at,
        updatedAt: at,
        isLatest: true,
        ...meta,
      },
    },
  };
}

/** Where another process publishes a server to the fake (POST, the server.json as the body). */
export const PUBLISH_PATH = '/__publish';

/** How the fake answers every registry request: as the registry, down, with garbage, or "slow down". */
export type RegistryMode = 'ok' | 'down' | 'garbage' | 'rate-limited';

/**
 * A local fake of the official MCP registry (v0.1 paths and shapes, docs/reference/api/openapi.yaml of
 * modelcontextprotocol/registry): `GET /v0.1/servers` with `updated_since`, `limit` and an opaque
 * cursor, and `GET /v0.1/servers/{name}/versions/latest` with the name URL-encoded. It also serves
 * plain files (`files`), for a server.json or an icon at an address of its own.
 */
export async function startFakeRegistry(options: { port?: number } = {}) {
  const entries: FakeServerEntry[] = [];
  const files = new Map<string, { type: string; body: Buffer | string }>();
  const requests: Array<{ path: string; at: number }> = [];
  let mode: RegistryMode = 'ok';
  /** The mode takes over once this many more registry requests were answered as the registry. */
  let modeFrom = 0;

  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === PUBLISH_PATH) {
      // Browser tests run in another process than the fake: they publish through this.
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        publish(registryEntry(JSON.parse(text) as FakeServerEntry['server']));
        json(response, 201, {});
      });
      return;
    }
    const file = files.get(url.pathname);
    if (file) {
      response.writeHead(200, { 'content-type': file.type }).end(file.body);
      return;
    }
    requests.push({ path: `${url.pathname}${url.search}`, at: Date.now() });
    const currentMode = requests.length > modeFrom ? mode : 'ok';
    if (currentMode === 'down') return json(response, 503, { error: 'Service unavailable' });
    if (currentMode === 'garbage')
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (currentMode === 'rate-limited')
      return response.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' }).end('{}');

    const latest = /^\/v0\.1\/servers\/([^/]+)\/versions\/latest$/.exec(url.pathname);
    if (latest) {
      const name = decodeURIComponent(latest[1]!);
      const found = entries.find(
        (entry) =>
          entry.server.name === name && entry._meta['io.modelcontextprotocol.registry/official'].isLatest,
      );
      return found ? json(response, 200, found) : json(response, 404, { error: 'Server not found' });
    }
    if (url.pathname === '/v0.1/servers') {
      const since = url.searchParams.get('updated_since');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), 100);
      const cursor = url.searchParams.get('cursor');
      const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
      const matching = entries
        .filter(
          (entry) => !since || entry._meta['io.modelcontextprotocol.registry/official'].updatedAt > since,
        )
        .sort((a, b) =>
          a._meta['io.modelcontextprotocol.registry/official'].updatedAt.localeCompare(
            b._meta['io.modelcontextprotocol.registry/official'].updatedAt,
          ),
        );
      const page = matching.slice(offset, offset + limit);
      const next =
        offset + limit < matching.length
          ? Buffer.from(String(offset + limit)).toString('base64url')
          : undefined;
      return json(response, 200, {
        servers: page,
        metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) },
      });
    }
    return json(response, 404, { error: 'Not found' });
  });
  /** Publishes a server; an earlier version of the same name stops being the latest. */
  function publish(entry: FakeServerEntry) {
    for (const other of entries)
      if (other.server.name === entry.server.name)
        other._meta['io.modelcontextprotocol.registry/official'].isLatest = false;
    entries.push(entry);
    return entry;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    entries,
    files,
    requests,
    /** Answers in `next` mode from now on, or only after `afterRequests` more normal answers. */
    setMode(next: RegistryMode, afterRequests = 0) {
      mode = next;
      modeFrom = requests.length + afterRequests;
    },
    publish,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small real PNG, for an icon the import fetches. */
export async function pngIcon(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}
