import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCachedResponder } from '../../src/server/http/cached-responder.js';
import { ResponseCache } from '../../src/server/lib/response-cache.js';

const cache = new ResponseCache();
const responder = createCachedResponder(cache, { https: false });
const listing = JSON.stringify({ agents: [{ name: 'Patchwork', tagline: 'x'.repeat(2000) }] });
cache.set('/api/agents?sort=name', listing, ['listings'], cache.now());
cache.set('/api/agents/patchwork', '{"slug":"patchwork"}', ['agent:1'], cache.now());

// Whatever the responder hands on is answered here, as Fastify would answer it.
const server = http.createServer((request, response) => {
  if (!responder.answer(request, response)) response.writeHead(418).end('fallback');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the cached responder in front of Fastify', () => {
  it('answers a cached read with the API headers and a request id', async () => {
    const response = await fetch(`${base}/api/agents?sort=name`, {
      headers: { 'accept-encoding': 'identity', 'x-request-id': 'trace-9' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(listing);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBe('trace-9');
    expect(response.headers.get('vary')).toBe('accept-encoding');
  });

  it('gzips a large body for a client that accepts it', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/api/agents?sort=name`, { headers: { 'accept-encoding': 'gzip' } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(listing);
  });

  it('hands on what it does not hold, anything but GET, and a signed-in agent detail', async () => {
    expect((await fetch(`${base}/api/agents?sort=rating`)).status).toBe(418);
    expect((await fetch(`${base}/api/agents?sort=name`, { method: 'POST' })).status).toBe(418);
    expect((await fetch(`${base}/api/agents/patchwork`)).status).toBe(200);
    const signedIn = await fetch(`${base}/api/agents/patchwork`, { headers: { cookie: 'aa_session=abc' } });
    expect(signedIn.status).toBe(418);
  });

  it('hands everything on once the app it is attached to starts closing', async () => {
    const app = Fastify();
    responder.attach(app);
    expect((await fetch(`${base}/api/agents?sort=name`)).status).toBe(200);
    await app.close();
    expect((await fetch(`${base}/api/agents?sort=name`)).status).toBe(418);
  });
});
