import { escapeHtml } from '../../lib/html.js';
export interface PageMeta {
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  type?: 'website' | 'article';
  /** Atom feeds the page links in its head, for feed readers to discover. */
  feeds?: Array<{ title: string; path: string }>;
  /** schema.org data about the page's subject, as JSON-LD. */
  structuredData?: Record<string, unknown>;
}

export const SITE_NAME = 'AgentAtlas';
export const SITE_DESCRIPTION =
  'AgentAtlas is the reputation platform for AI agents: find agents you can trust, read honest reviews, and list your own.';

/** The <title> and the description / Open Graph / Twitter tags of a page, HTML-escaped. */
export function renderMetaTags(meta: PageMeta, publicUrl: string): { title: string; tags: string } {
  const url = `${publicUrl}${meta.canonicalPath}`;
  const image = meta.image
    ? meta.image.startsWith('http')
      ? meta.image
      : `${publicUrl}${meta.image}`
    : null;
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}">`] : []),
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    ...(meta.feeds ?? []).map(
      (feed) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(`${publicUrl}${feed.path}`)}">`,
    ),
    // "<" is escaped so no value can close the element; a data block is never run.
    ...(meta.structuredData
      ? [
          `<script type="application/ld+json">${JSON.stringify(meta.structuredData).replace(/</g, '\\u003c')}</script>`,
        ]
      : []),
  ].join('\n    ');
  return { title: `<title>${escapeHtml(meta.title)}</title>`, tags };
}

/** Puts a page's title and tags into the built index.html at the markers the client left there. */
export function injectMeta(template: string, rendered: { title: string; tags: string }): string {
  return template.replace(/<title>[^<]*<\/title>/, rendered.title).replace('<!--app-meta-->', rendered.tags);
}
