import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BADGE_MAX_AGE_S } from '../../../shared/api/badges.js';
import { agentBadge } from './badges.service.js';

/** GET /badge/{slug}.svg: the live badge READMEs and sites embed. */
const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.badges;

  app.get(
    '/badge/:file',
    {
      schema: {
        tags: ['badges'],
        summary: 'A live SVG badge: reputation score, verified, 30-day uptime (ETag; cached for 5 minutes)',
        params: z.object({ file: z.string().min(1).max(130) }),
      },
    },
    async (request, reply) => {
      const slug = request.params.file.endsWith('.svg') ? request.params.file.slice(0, -4) : null;
      const badge = await agentBadge(deps, slug ?? '');
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', `public, max-age=${badge.found ? BADGE_MAX_AGE_S : 60}`)
        .header('etag', badge.etag)
        // Embedded on other sites (GitHub proxies images through its camo): anyone may load it.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (!badge.found) return reply.status(404).send(badge.svg);
      if (request.headers['if-none-match'] === badge.etag) return reply.status(304).send();
      return reply.send(badge.svg);
    },
  );
};

export default badgesRoutes;
