import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SerializedJson } from '../lib/serialized-json.js';
import { FRESH_READS_COOKIE } from './fresh-reads.js';
import { responseCacheHits, responseCacheMisses } from '../ops/ops-counters.js';

/**
 * A public answer, as a value or already serialized, and the cache tags of what it shows
 * (lib/response-cache.ts cacheTags).
 */
export type Cacheable = ({ body: unknown } | { json: SerializedJson<unknown> }) & { tags: readonly string[] };

/**
 * Sends the cached JSON body of this URL, or computes, caches and sends it (public catalogue reads;
 * http/cached-responder.ts answers later requests for the same URL in front of Fastify). Someone who
 * has just written (http/fresh-reads.ts) always gets a computed answer, which refreshes the entry;
 * `compute` is told so, to read no kept part either (features/agents/listing-parts.ts).
 */
export async function cachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  compute: (read: { fresh: boolean }) => Promise<Cacheable>,
  /**
   * Fields of this request's own appended to the public answer's object, never cached: a signed-in
   * person's agent detail is everyone's detail plus what the agent is to them.
   */
  own?: Record<string, unknown>,
) {
  const cache = request.server.responseCache;
  const key = request.url;
  const fresh = request.cookies[FRESH_READS_COOKIE] !== undefined;
  let body = fresh ? undefined : cache.get(key);
  if (!fresh) (body === undefined ? responseCacheMisses : responseCacheHits).inc();
  if (body === undefined) {
    const computedAt = cache.now();
    const answer = await compute({ fresh });
    body = 'json' in answer ? answer.json : JSON.stringify(answer.body);
    cache.set(key, body, answer.tags, computedAt);
  }
  // The answer is a serialized object: its closing brace gives way to the own fields.
  if (own) body = `${body.slice(0, -1)}${body === '{}' ? '' : ','}${JSON.stringify(own).slice(1)}`;
  return reply.type('application/json; charset=utf-8').send(body);
}
