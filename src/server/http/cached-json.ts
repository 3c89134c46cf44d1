import type { FastifyReply, FastifyRequest } from 'fastify';
import { FRESH_READS_COOKIE } from './fresh-reads.js';

/** A public answer and the cache tags of what it shows (lib/response-cache.ts cacheTags). */
export interface Cacheable {
  body: unknown;
  tags: readonly string[];
}

/**
 * Sends the cached JSON body of this URL, or computes, caches and sends it (public catalogue reads;
 * http/cached-responder.ts answers later requests for the same URL in front of Fastify). Someone who
 * has just written (http/fresh-reads.ts) always gets a computed answer, which refreshes the entry.
 */
export async function cachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<Cacheable>,
) {
  const cache = request.server.responseCache;
  const key = request.url;
  let body = request.cookies[FRESH_READS_COOKIE] ? undefined : cache.get(key);
  if (body === undefined) {
    const computedAt = cache.now();
    const answer = await compute();
    body = JSON.stringify(answer.body);
    cache.set(key, body, answer.tags, computedAt);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
