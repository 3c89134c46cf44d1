import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of a body: the same bytes, the same tag, on every instance. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names this tag (a list, weak tags and "*" included, as RFC 9110 says). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a body with its ETag, or 304 with no body when the client has it already. */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = etagOf(body);
  reply.header('etag', etag);
  if (matchesEtag(request, etag)) return reply.status(304).send();
  return reply.send(body);
}
