import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATOM_CONTENT_TYPE } from '../../../shared/api/feeds.js';
import { notFound } from '../../errors.js';
import { sendWithEtag } from '../../http/etag.js';
import { agentsFeed, reviewsFeed } from './feeds.service.js';

/** Feed readers poll: a few minutes of caching, and a 304 when nothing changed. */
const FEED_MAX_AGE_S = 300;
const ATOM_SUFFIX = '.atom';

/** "{slug}.atom" → the slug, or 404 for any other file. */
function slugOfAtomFile(file: string): string {
  if (!file.endsWith(ATOM_SUFFIX)) throw notFound('No such feed');
  return file.slice(0, -ATOM_SUFFIX.length);
}

/** Atom feeds of new agents, new agents per category and an agent's reviews. */
const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.feeds;
  const send = (
    request: Parameters<typeof sendWithEtag>[0],
    reply: Parameters<typeof sendWithEtag>[1],
    xml: string,
  ) =>
    sendWithEtag(
      request,
      reply.type(ATOM_CONTENT_TYPE).header('cache-control', `public, max-age=${FEED_MAX_AGE_S}`),
      xml,
    );
  const tags = ['feeds'];

  app.get(
    '/feeds/agents.atom',
    { schema: { tags, summary: 'Atom feed: the newest published agents (ETag; If-None-Match answers 304)' } },
    async (request, reply) => send(request, reply, await agentsFeed(deps)),
  );
  app.get(
    '/feeds/categories/:file',
    {
      schema: {
        tags,
        summary: 'Atom feed: the newest published agents of a category, at /feeds/categories/{slug}.atom',
        params: z.object({ file: z.string().min(1).max(120) }),
      },
    },
    async (request, reply) =>
      send(request, reply, await agentsFeed(deps, slugOfAtomFile(request.params.file))),
  );
  app.get(
    '/feeds/agents/:slug/reviews.atom',
    {
      schema: {
        tags,
        summary: 'Atom feed: the newest reviews of a published agent',
        params: z.object({ slug: z.string().min(1).max(120) }),
      },
    },
    async (request, reply) => send(request, reply, await reviewsFeed(deps, request.params.slug)),
  );
};

export default feedsRoutes;
