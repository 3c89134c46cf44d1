import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const STATIC_PAGES = ['/', '/agents', '/categories', '/verification-promise', '/terms', '/privacy'];

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

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const agents = await app.services.agents.agents.sitemapEntries();
    const categories = await app.services.agents.categories.findAll();
    const urls = [
      ...STATIC_PAGES.map((page) => ({ loc: `${app.config.publicUrl}${page}`, lastmod: undefined })),
      ...categories.map((category) => ({
        loc: `${app.config.publicUrl}/agents?category=${encodeURIComponent(category.slug)}`,
        lastmod: undefined,
      })),
      ...agents.map((agent) => ({
        loc: `${app.config.publicUrl}/agents/${encodeURIComponent(agent.slug)}`,
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
