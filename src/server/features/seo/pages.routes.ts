import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  agentListRequestPath,
  parseAgentListFilters,
  type AgentListFilters,
} from '../../../shared/agent-list-filters.js';
import { agentListQuerySchema } from '../../../shared/api/agents.js';
import { AGENTS_PAGE_SIZE_DEFAULT, SIMILAR_AGENTS_LIMIT } from '../../../shared/limits.js';
import { matchPagePattern, paths, type PagePattern } from '../../../shared/routes.js';
import { presentCategory } from '../categories/categories.presenter.js';
import { agentSorts, pricingModels } from '../../../shared/catalogue.js';
import { AppError } from '../../errors.js';
import { deserialized } from '../../lib/serialized-json.js';
import { SESSION_HINT_COOKIE } from '../../plugins/session.js';
import { getAgent, getHome, listAgents } from '../agents/agents.service.js';
import { listReviews } from '../reviews/reviews.service.js';
import type { AgentDetail } from '../../../shared/api/agents.js';
import { feedPaths } from '../../../shared/api/feeds.js';
import type { ReviewListResponse } from '../../../shared/api/reviews.js';
import { agentStructuredData } from './structured-data.js';
import { contentSecurityPolicy } from '../../plugins/security-headers.js';
import {
  injectAppShell,
  injectPageScripts,
  inlineHash,
  inlineStyleHashes,
  inlineStylesheet,
  pageScripts,
  SCRIPT_LOADER,
  takeEntryScript,
  toastStylesheet,
} from './app-shell.js';
import { loadRoutePreloads } from './client-manifest.js';
import { injectMeta, renderMetaTags, SITE_DESCRIPTION, SITE_NAME, type PageMeta } from './page-meta.js';

/**
 * The not-found handler that serves pages is no route, so the global compression hook never sees
 * it; a page is 10-80 KB of HTML, data and styles, so it is compressed here.
 */
function compressPage(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  reply.header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html, { level: 6 });
  }
  return html;
}

/** Marks an embedded answer that was an error (the client's request helper throws it). */
const EMBEDDED_ERROR = '__embeddedError';

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AgentAtlas</title>
<!--app-meta--></head><body><main><h1>AgentAtlas</h1>
<p>The web client has not been built. Run <code>npm run build</code> (npm start does it for you).</p></main></body></html>`;

/** The first page of reviews an agent page shows (and embeds). */
const FIRST_REVIEWS = 5;

type AgentPage =
  { agent: AgentDetail; reviews: ReviewListResponse } | { error: { status: number; message: string } };

const siteFeeds = [{ title: `New agents on ${SITE_NAME}`, path: feedPaths.agents }];

const staticTitles: Record<string, string> = {
  [paths.agents.path]: 'Browse AI agents',
  [paths.categories.path]: 'Categories',
  [paths.terms.path]: 'Terms of Service',
  [paths.privacy.path]: 'Privacy Policy',
  [paths.verificationPromise.path]: 'Our verification promise',
  [paths.toolRiskRules.path]: 'Tool risk rules',
  [paths.auth.path]: 'Sign in',
  [paths.login.path]: 'Log in',
  [paths.register.path]: 'Create an account',
};

/**
 * Serves the built client: hashed assets cached for a year, the HTML shell never cached and
 * rendered with per-page meta tags; paths that are no page get the shell with HTTP 404.
 */
export default async function pagesRoutes(app: FastifyInstance) {
  const indexFile = path.join(app.config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  const { template, entry } = hasClient
    ? takeEntryScript(inlineStylesheet(fs.readFileSync(indexFile, 'utf8'), app.config.clientDir))
    : { template: FALLBACK_SHELL, entry: null };

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: app.config.clientDir,
      prefix: '/',
      index: false,
      // One route per built file, found at start; everything else falls through to the shell.
      wildcard: false,
      serveDotFiles: false,
      // The build writes .br and .gz next to each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      // The shell is rendered per page with its meta tags and never cached.
      allowedPath: (pathName) => pathName !== '/index.html',
      // Its own header would replace the one set below with "max-age=0".
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const routePreloads = loadRoutePreloads(app.config.clientDir);

  // The page's inline styles by hash (the inlined stylesheet, the toasts' stylesheet), and a nonce per
  // page for the <style> Radix's scroll lock writes in the browser (its content depends on the screen).
  const toastStyles = toastStylesheet();
  // Sonner inserts its <style> empty and fills it after: the browser checks both, so the empty one is
  // allowed too (an empty stylesheet styles nothing).
  const styleHashes = [
    ...inlineStyleHashes(template),
    ...(toastStyles ? [inlineHash(toastStyles), inlineHash('')] : []),
  ];
  const scriptSources = [inlineHash(SCRIPT_LOADER)];
  const policyFor = (nonce: string) =>
    contentSecurityPolicy({
      https: app.config.secureCookies,
      publicUrl: app.config.publicUrl,
      styleSources: [...styleHashes, `'nonce-${nonce}'`],
      scriptSources,
    });

  /** An agent page's listing and first reviews, read once for its meta tags and its embedded data. */
  async function loadAgentPage(slug: string): Promise<AgentPage> {
    try {
      const agent = await getAgent(app.services.agents, slug);
      const reviews = await listReviews(
        app.services.reviews,
        { id: agent.id, rating_count: agent.rating.count },
        { page: 1, limit: FIRST_REVIEWS, sort: 'newest' },
      );
      return { agent, reviews };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { error: { status: error.status, message: error.message } };
    }
  }

  /**
   * The API answers a page needs first, keyed by the exact URL the client asks for, embedded in
   * the HTML so the first render needs no further round trip (the client's request helper takes
   * each one once). Built from the same services as the API, so they cannot disagree.
   */
  async function initialDataFor(
    pattern: PagePattern | null,
    pathname: string,
    search: URLSearchParams,
    signedIn: boolean,
    agentPage: AgentPage | null,
  ) {
    const data: Record<string, unknown> = {};
    if (!pattern) return data;
    const categories = (await app.services.agents.categories.findAll()).map(presentCategory);
    data['/api/filters'] = { categories, pricing: [...pricingModels], sorts: [...agentSorts] };
    if (pattern === '/' || pattern === paths.categories.path) data['/api/categories'] = { categories };
    if (pattern === '/') {
      const verified = search.get('verified') === 'true';
      data[verified ? '/api/home?verified=true' : '/api/home'] = await getHome(app.services.agents, {
        verifiedOnly: verified,
      });
    }
    /** Embeds the listing the client asks for with these filters, under the URL it builds. */
    async function embedListing(filters: AgentListFilters, limit: number) {
      const requestPath = agentListRequestPath(filters, limit);
      const requestQuery = new URLSearchParams(requestPath.split('?')[1] ?? '');
      const query = agentListQuerySchema.safeParse(Object.fromEntries(requestQuery));
      // A query the API would refuse is left to the client, which shows the API's own error.
      if (query.success)
        data[requestPath] = deserialized((await listAgents(app.services.agents, query.data)).json);
    }
    if (pattern === paths.agents.path)
      await embedListing(parseAgentListFilters(search), AGENTS_PAGE_SIZE_DEFAULT);
    // Signed-in people get the agent with their own viewer facts from the API instead.
    if (pattern === paths.agent.path && agentPage && !signedIn) {
      const slug = decodeURIComponent(pathname.split('/')[2] ?? '');
      if ('agent' in agentPage) {
        const { agent, reviews } = agentPage;
        data[`/api/agents/${encodeURIComponent(slug)}`] = agent;
        data[`/api/agents/${agent.id}/reviews?page=1&limit=${FIRST_REVIEWS}`] = reviews;
        await embedListing({ category: agent.category.slug }, SIMILAR_AGENTS_LIMIT);
      } else {
        // The error is embedded too, so the page shows "not found" without asking again.
        data[`/api/agents/${encodeURIComponent(slug)}`] = { [EMBEDDED_ERROR]: agentPage.error };
      }
    }
    return data;
  }

  async function metaFor(
    pathname: string,
    agentPage: AgentPage | null,
  ): Promise<{ meta: PageMeta; status: number }> {
    const pattern = matchPagePattern(pathname);
    if (!pattern) {
      return {
        status: 404,
        meta: {
          title: `404 Page Not Found · ${SITE_NAME}`,
          description: SITE_DESCRIPTION,
          canonicalPath: pathname,
        },
      };
    }
    if (pattern === paths.agent.path && agentPage) {
      if (!('agent' in agentPage)) {
        return {
          status: 404,
          meta: {
            title: `Agent not found · ${SITE_NAME}`,
            description: SITE_DESCRIPTION,
            canonicalPath: pathname,
          },
        };
      }
      const { agent, reviews } = agentPage;
      return {
        status: 200,
        meta: {
          title: `${agent.name} · ${SITE_NAME}`,
          description: agent.tagline || agent.description.slice(0, 200),
          canonicalPath: paths.agent.href(agent.slug),
          image: agent.logoUrl,
          type: 'article',
          feeds: [
            { title: `Reviews of ${agent.name}`, path: feedPaths.reviews(agent.slug) },
            { title: `New agents in ${agent.category.name}`, path: feedPaths.category(agent.category.slug) },
            ...siteFeeds,
          ],
          structuredData: agentStructuredData(agent, reviews.reviews, app.config.publicUrl),
        },
      };
    }
    if (pattern === '/') {
      return {
        status: 200,
        meta: {
          title: `${SITE_NAME} · Find AI agents you can trust`,
          description: SITE_DESCRIPTION,
          canonicalPath: paths.home.href(),
          feeds: siteFeeds,
        },
      };
    }
    const title = staticTitles[pattern];
    return {
      status: 200,
      meta: {
        title: title ? `${title} · ${SITE_NAME}` : SITE_NAME,
        description: SITE_DESCRIPTION,
        canonicalPath: pathname,
        feeds: pattern === paths.agents.path || pattern === paths.categories.path ? siteFeeds : undefined,
      },
    };
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const pattern = matchPagePattern(pathname);
    const agentPage =
      pattern === paths.agent.path
        ? await loadAgentPage(decodeURIComponent(pathname.split('/')[2] ?? ''))
        : null;
    const { meta, status } = await metaFor(pathname, agentPage);
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    const preloads = pattern ? routePreloads(pattern) : [];
    const initialData = await initialDataFor(
      pattern,
      pathname,
      search,
      request.cookies[SESSION_HINT_COOKIE] === '1',
      agentPage,
    );
    const rendered = renderMetaTags(meta, app.config.publicUrl);
    const nonce = randomBytes(16).toString('base64');
    const head = [
      rendered.tags,
      // "<" is escaped so no value can close the script element. The nonce rides on it for the client
      // (src/client/lib/style-nonce.ts); a data block is never run, so it allows no script.
      `<script type="application/json" id="aa-initial-data" nonce="${nonce}">${JSON.stringify(initialData).replace(/</g, '\\u003c')}</script>`,
    ].join('\n    ');
    const page = injectAppShell(injectMeta(template, { title: rendered.title, tags: head }), pathname);
    const html = entry ? injectPageScripts(page, pageScripts(entry, preloads)) : page;
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('content-security-policy', policyFor(nonce))
      .type('text/html; charset=utf-8')
      .send(compressPage(request, reply, html));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!isPageRequest || pathname.startsWith('/assets/')) {
      throw new AppError('not_found', `No route for ${request.method} ${pathname}`);
    }
    return sendShell(request, reply);
  });
}
