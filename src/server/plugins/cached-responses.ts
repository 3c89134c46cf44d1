import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders } from './security-headers.js';
import { sessionCookieNameFor } from './session.js';

/** Bodies smaller than this are sent as they are, as @fastify/compress does for the rest. */
const COMPRESS_THRESHOLD_BYTES = 1024;
/** A signed-in person's agent detail carries their own viewer facts and is never served from the cache. */
const AGENT_DETAIL_PATH = /^\/api\/agents\/[^/?]+(\?|$)/;

/**
 * Answers public catalogue reads that the response cache holds (docs/decisions/0003) before anything
 * else runs: no cookie parsing, session lookup, validation, serialization or compression per request,
 * which more than halves the cost of the hottest calls. Only URLs the catalogue routes put in the cache
 * are ever found there, so every other request passes straight through. Registered first.
 */
async function cachedResponses(app: FastifyInstance) {
  const cache = app.responseCache;
  const sessionCookie = `${sessionCookieNameFor(app.config.secureCookies)}=`;
  const baseHeaders = {
    ...securityHeaders({ https: app.config.secureCookies }),
    'content-type': 'application/json; charset=utf-8',
    vary: 'accept-encoding',
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const entry = cache.getEntry(request.url);
    if (!entry) return;
    if (request.headers.cookie?.includes(sessionCookie) && AGENT_DETAIL_PATH.test(request.url)) return;

    let body: string | Buffer = entry.body;
    let encoding: string | undefined;
    const accepted = request.headers['accept-encoding'];
    if (accepted && /\bgzip\b/.test(accepted) && entry.body.length >= COMPRESS_THRESHOLD_BYTES) {
      entry.gzip ??= gzipSync(entry.body);
      body = entry.gzip;
      encoding = 'gzip';
    }
    reply.hijack();
    reply.raw.writeHead(200, {
      ...baseHeaders,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': Buffer.byteLength(body),
      'x-request-id': request.id,
    });
    reply.raw.end(body);
  });
}

export default fp(cachedResponses, { name: 'cached-responses' });
