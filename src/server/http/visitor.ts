import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const visitorCookie = 'aa_visitor';

/**
 * The anonymous visitor id that counts views and clicks once per visitor and day: the aa_visitor
 * cookie, or else a hash of the address and user agent set as that cookie. Neither the address nor
 * the user agent is stored; only this 32-character hash is, and only for the day.
 */
export function visitorFor(request: FastifyRequest, reply: FastifyReply, secureCookies: boolean): string {
  let visitor = request.cookies[visitorCookie];
  if (!visitor || !/^[a-f0-9]{32}$/.test(visitor)) {
    visitor = createHash('sha256')
      .update(`${request.ip}|${request.headers['user-agent'] ?? ''}`)
      .digest('hex')
      .slice(0, 32);
    reply.setCookie(visitorCookie, visitor, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  return visitor;
}
