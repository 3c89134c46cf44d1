import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends the cached JSON body of this URL, or computes, caches and sends it (public catalogue reads;
 * http/cached-responder.ts answers later requests for the same URL in front of Fastify).
 */
export async function cachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
) {
  const cache = request.server.responseCache;
  const key = request.url;
  let body = cache.get(key);
  if (body === undefined) {
    body = JSON.stringify(await compute());
    cache.set(key, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
