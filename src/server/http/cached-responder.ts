import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { FRESH_READS_COOKIE } from './fresh-reads.js';
import { requestIdFor } from './request-id.js';
import { CACHED_ROUTE, httpRequestDuration, responseCacheHits } from '../ops/ops-counters.js';
import type { ResponseCache } from '../lib/response-cache.js';
import { apiHeaders } from '../plugins/security-headers.js';
import { sessionCookieNameFor } from '../plugins/session.js';

/** Bodies smaller than this are sent as they are, as @fastify/compress does for the rest. */
const COMPRESS_THRESHOLD_BYTES = 1024;
/** Cached answers are timed as one route: the router never sees them, so their pattern is unknown. */
const cachedAnswerDuration = httpRequestDuration.labels('GET', CACHED_ROUTE, '200');
/** A signed-in person's agent detail adds their own viewer facts to the cached one: Fastify answers it. */
const AGENT_DETAIL_PATH = /^\/api\/agents\/[^/?]+(\?|$)/;

export interface CachedResponder {
  /** Answers a public catalogue read the response cache holds; false hands the request to Fastify. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** Logs through the app's logger and hands every request to Fastify once the app starts closing. */
  attach(app: FastifyInstance): void;
}

/**
 * Answers public catalogue reads that the response cache holds (docs/decisions/0003) in front of
 * Fastify: no routing, request objects, cookie parsing, session lookup, validation, serialization or
 * compression per request. Someone who has just written (http/fresh-reads.ts) goes on to Fastify,
 * which computes their answer. Only URLs the catalogue routes put in the cache are ever found there, so
 * every other request goes on to Fastify unchanged. The answer is the one Fastify would send: the
 * API's security headers, the request id, gzip when asked. While the app drains on shutdown,
 * everything goes to Fastify, which closes kept-alive connections.
 */
export function createCachedResponder(cache: ResponseCache, options: { https: boolean }): CachedResponder {
  const sessionCookie = `${sessionCookieNameFor(options.https)}=`;
  const freshReadsCookie = `${FRESH_READS_COOKIE}=`;
  const baseHeaders = {
    ...apiHeaders(options),
    'content-type': 'application/json; charset=utf-8',
    vary: 'accept-encoding',
  };
  /** Set when the app logs requests. */
  let log: FastifyBaseLogger | undefined;
  let open = true;

  return {
    answer(request, response) {
      if (!open || request.method !== 'GET' || request.url === undefined) return false;
      const entry = cache.getEntry(request.url);
      if (!entry) return false;
      const cookies = request.headers.cookie;
      if (cookies?.includes(sessionCookie) && AGENT_DETAIL_PATH.test(request.url)) return false;
      if (cookies?.includes(freshReadsCookie)) return false;

      const started = performance.now();
      let body: string | Buffer = entry.body;
      let encoding: string | undefined;
      const accepted = request.headers['accept-encoding'];
      if (accepted && /\bgzip\b/.test(accepted) && entry.body.length >= COMPRESS_THRESHOLD_BYTES) {
        if (!entry.gzip) cache.keepGzip(request.url, entry, gzipSync(entry.body));
        body = entry.gzip!;
        encoding = 'gzip';
      }
      const requestId = requestIdFor(request.headers);
      response.writeHead(200, {
        ...baseHeaders,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': Buffer.byteLength(body),
        'x-request-id': requestId,
      });
      response.end(body);
      responseCacheHits.inc();
      cachedAnswerDuration.observe((performance.now() - started) / 1000);
      // The line Fastify writes for every request it answers, so cache hits stay in the request log.
      if (log)
        log.info(
          {
            reqId: requestId,
            req: { method: request.method, url: request.url },
            res: { statusCode: 200 },
            responseTime: performance.now() - started,
          },
          'request completed',
        );
      return true;
    },

    attach(app) {
      // Fastify logs each request at info; below that level there is nothing to write.
      if (['trace', 'debug', 'info'].includes(app.log.level)) log = app.log;
      app.addHook('preClose', async () => {
        open = false;
      });
    },
  };
}
