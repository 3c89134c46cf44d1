import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedPaths } from '../../../shared/api/feeds.js';
import { MCP_SERVER_PATH } from '../../../shared/api/mcp.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';
import { SITE_DESCRIPTION } from './page-meta.js';

const STATIC_PAGES = [
  paths.home.href(),
  paths.agents.href(),
  paths.categories.href(),
  paths.verificationPromise.href(),
  paths.toolRiskRules.href(),
  paths.terms.href(),
  paths.privacy.href(),
];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );

const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /settings',
          'Disallow: /profile',
          `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  // The llms.txt convention (https://llmstxt.org): what the site is and how a language model can use it.
  app.get('/llms.txt', { schema: { hide: true } }, async (_request, reply) => {
    const site = app.config.publicUrl;
    const categories = await app.services.agents.categories.findAll();
    const body = [
      '# AgentAtlas',
      '',
      `> ${SITE_DESCRIPTION}`,
      '',
      "Every listing has a reputation score (0-100) built from reviews weighted by the reviewers' standing, a",
      '"verified" badge that holds only while an ownership claim (DNS, a well-known file or GitHub) stays true,',
      'live health from probes of its MCP server or A2A agent card, and a public record of what happened to it.',
      'The public API and the MCP server below answer published listings only; they need no key.',
      '',
      '## Use AgentAtlas from an AI agent',
      '',
      `- [MCP server](${site}${MCP_SERVER_PATH}): Streamable HTTP, no session; tools search_agents { query, category?, limit? }, get_agent { slug }, list_categories`,
      `- [API reference](${site}/api/docs): every operation grouped by feature, with its schemas; OpenAPI 3.1 at ${site}/api/openapi.json`,
      `- [Search agents](${site}/api/agents?q=code%20review): GET /api/agents?q=&category=&verified=&pricing=&health=&sort=&page=&limit=`,
      `- [An agent](${site}/api/agents/{slug}): GET /api/agents/{slug}; its reviews at /api/agents/{id}/reviews, health at /api/agents/{slug}/health, record at /api/agents/{slug}/record`,
      '',
      '## Feeds',
      '',
      `- [New agents](${site}${feedPaths.agents}): Atom`,
      `- New agents in a category: ${site}/feeds/categories/{slug}.atom`,
      `- An agent's reviews: ${site}/feeds/agents/{slug}/reviews.atom`,
      '',
      '## Categories',
      '',
      ...categories.map(
        (category) =>
          `- [${category.name}](${absoluteUrl(site, paths.agents.href({ category: category.slug }))}): ${category.description} (slug ${category.slug}, ${category.agent_count} agents)`,
      ),
      '',
      '## Pages',
      '',
      `- [Browse agents](${absoluteUrl(site, paths.agents.href())})`,
      `- [Our verification promise](${absoluteUrl(site, paths.verificationPromise.href())}): what "verified" means and how it is kept true`,
      `- [Terms of Service](${absoluteUrl(site, paths.terms.href())})`,
      `- [Privacy Policy](${absoluteUrl(site, paths.privacy.href())})`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const agents = await app.services.agents.agents.sitemapEntries();
    const categories = await app.services.agents.categories.findAll();
    const urls = [
      ...STATIC_PAGES.map((page) => ({ loc: absoluteUrl(app.config.publicUrl, page), lastmod: undefined })),
      ...categories.map((category) => ({
        loc: absoluteUrl(app.config.publicUrl, paths.agents.href({ category: category.slug })),
        lastmod: undefined,
      })),
      ...agents.map((agent) => ({
        loc: absoluteUrl(app.config.publicUrl, paths.agent.href(agent.slug)),
        lastmod: agent.updated_at.slice(0, 10),
      })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (url) =>
          `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(body);
  });
};

export default seoRoutes;
