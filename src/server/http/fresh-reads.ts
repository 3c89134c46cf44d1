import type { FastifyInstance } from 'fastify';

/**
 * Read-your-writes for the shared response cache (docs/decisions/0014-targeted-cache-invalidation.md).
 * After a person's successful write, their browser carries this cookie for two seconds, and while it
 * does their catalogue reads are computed, never served from the cache. Everyone else sees the write
 * within a second (SETTLE_MS), on every instance; the writer sees it in their very next read, on
 * whichever instance answers it, without any state shared between instances.
 */
export const FRESH_READS_COOKIE = 'aa_fresh';
const FRESH_READS_SECONDS = 2;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function markWritersFresh(app: FastifyInstance, secureCookies: boolean): void {
  app.addHook('onSend', async (request, reply) => {
    // 202 is a beacon (views, clicks, impressions): counted later, never read back at once.
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || reply.statusCode === 202) return;
    if (!request.user) return;
    reply.setCookie(FRESH_READS_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: FRESH_READS_SECONDS,
    });
  });
}
