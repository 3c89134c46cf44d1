import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link', 'author', 'category'].includes(name),
});

interface AtomLink {
  rel?: string;
  href: string;
  type?: string;
}
interface AtomEntry {
  id: string;
  title: { '#text': string; type: string };
  updated: string;
  published?: string;
  link: AtomLink[];
  author: Array<{ name: string }>;
  summary?: string | { '#text': string };
  content?: string | { '#text': string; type: string };
  category?: Array<{ term: string; label?: string }>;
}

interface AtomFeed {
  xmlns: string;
  id: string;
  title: AtomEntry['title'];
  updated: string;
  link: AtomLink[];
  author?: Array<{ name: string }>;
  entry?: AtomEntry[];
}

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Fetches a feed and checks what RFC 4287 requires of it and of every entry. */
async function atom(path: string) {
  const response = await t.request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const text = await response.text();
  const document = parser.parse(text) as { feed: AtomFeed };
  const feed = document.feed;
  expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
  expect(typeof feed.id).toBe('string');
  expect(feed.title).toBeTruthy();
  expect(feed.updated).toMatch(isoDate);
  const self = (feed.link as AtomLink[]).find((link) => link.rel === 'self');
  expect(self?.href).toBe(`http://localhost:3000${path}`);
  const entries = (feed.entry ?? []) as AtomEntry[];
  for (const entry of entries) {
    expect(entry.id).toBeTruthy();
    expect(entry.title).toBeTruthy();
    expect(entry.updated).toMatch(isoDate);
    expect(entry.link[0]!.href).toMatch(/^http:\/\/localhost:3000\/agents\//);
    // An entry needs an author of its own when the feed has none.
    expect(entry.author?.[0]?.name ?? feed.author?.[0]?.name).toBeTruthy();
    expect(entry.summary ?? entry.content).toBeTruthy();
  }
  return { feed, entries, etag: response.headers.get('etag') };
}

/** What a feed reader shows of a text construct: type="html" is HTML, its entities decoded. */
function shown(value: string | { '#text': string; type?: string } | undefined): string {
  const raw = typeof value === 'object' ? value['#text'] : (value ?? '');
  if (typeof value !== 'object' || value.type !== 'html') return raw;
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return raw.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => named[name]!);
}

describe('Atom feeds', () => {
  it('new agents: published ones only, newest first, with their category and a 304 on a matching ETag', async () => {
    const category = await f.createCategory({ slug: 'feeds-research', name: 'Research & <notes>' });
    const older = await f.createAgent({
      name: 'Older <Scout>',
      category,
      published_at: '2026-03-01T10:00:00.000Z',
    });
    const newer = await f.createAgent({
      name: 'Newer & Co',
      category,
      published_at: '2026-03-02T10:00:00.000Z',
    });
    await f.createAgent({ name: 'Still pending', status: 'pending', category });

    const { entries, etag } = await atom('/feeds/agents.atom');
    const titles = entries.map((entry) => shown(entry.title));
    expect(titles).toContain('Newer & Co');
    // Markup in a name is text, never markup in the reader.
    expect(titles).toContain('Older <Scout>');
    expect(titles).not.toContain('Still pending');
    const newerEntry = entries.find((entry) => entry.link[0]!.href.endsWith(`/agents/${newer.slug}`))!;
    const olderEntry = entries.find((entry) => entry.link[0]!.href.endsWith(`/agents/${older.slug}`))!;
    expect(entries.indexOf(newerEntry)).toBeLessThan(entries.indexOf(olderEntry));
    expect(newerEntry.published).toBe('2026-03-02T10:00:00.000Z');
    expect(newerEntry.category?.[0]?.term).toBe('feeds-research');
    expect(newerEntry.content).toMatchObject({ type: 'html' });
    expect((newerEntry.content as { '#text': string })['#text']).toContain('<h2>About</h2>');
    expect(shown(newerEntry.content)).toContain('does useful things');

    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.request('/feeds/agents.atom', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await t.request('/feeds/agents.atom', { headers: { 'if-none-match': '"other"' } })).status).toBe(
      200,
    );

    // A new listing changes the feed and its tag.
    await f.createAgent({ name: 'Newest', category, published_at: '2026-03-03T10:00:00.000Z' });
    const changed = await t.request('/feeds/agents.atom', { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('per category: that category only; an unknown category or file is 404', async () => {
    const mine = await f.createCategory({ slug: 'feeds-mine' });
    const other = await f.createCategory({ slug: 'feeds-other' });
    const inMine = await f.createAgent({ category: mine });
    await f.createAgent({ category: other });
    const { feed, entries } = await atom('/feeds/categories/feeds-mine.atom');
    expect(shown(feed.title)).toContain(mine.name);
    expect(entries.map((entry) => entry.link[0]!.href)).toEqual([
      `http://localhost:3000/agents/${inMine.slug}`,
    ]);

    expect((await t.request('/feeds/categories/no-such.atom')).status).toBe(404);
    expect((await t.request('/feeds/categories/feeds-mine.rss')).status).toBe(404);
  });

  it("an agent's reviews: newest first with stars, author and text; unpublished agents have none", async () => {
    const agent = await f.createAgent({});
    await f.createReview({ agent, rating: 2, body: 'Slow on <large> repos.', msAgo: 60_000 });
    await f.createReview({ agent, rating: 5, body: 'Caught a real bug.' });
    const { feed, entries } = await atom(`/feeds/agents/${agent.slug}/reviews.atom`);
    expect(shown(feed.title)).toContain(agent.name);
    expect(entries.map((entry) => shown(entry.title))).toEqual(['★★★★★ Rated 5', '★★☆☆☆ Rated 2']);
    expect(shown(entries[1]!.content)).toBe('Slow on <large> repos.');
    expect(entries[0]!.author[0]!.name).toBeTruthy();
    expect(entries[0]!.link[0]!.href).toBe(`http://localhost:3000/agents/${agent.slug}#reviews`);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(2);

    const empty = await atom(`/feeds/agents/${(await f.createAgent({})).slug}/reviews.atom`);
    expect(empty.entries).toEqual([]);
    const pending = await f.createAgent({ status: 'pending' });
    expect((await t.request(`/feeds/agents/${pending.slug}/reviews.atom`)).status).toBe(404);
    expect((await t.request('/feeds/agents/no-such-agent/reviews.atom')).status).toBe(404);
  });
});

describe('machine-readable pages', () => {
  it('an agent page carries SoftwareApplication JSON-LD with its rating and reviews, and links its feeds', async () => {
    const category = await f.createCategory({ slug: 'feeds-ld', name: 'Linked data' });
    const agent = await f.createAgent({
      name: 'Ld </script><b>Agent',
      category,
      repo_url: 'https://github.com/example/ld-agent',
    });
    await f.createReview({ agent, rating: 4, body: 'Solid.' });
    await f.createReview({ agent, rating: 2, body: 'Flaky.', msAgo: 60_000 });
    const html = await (await t.request(`/agents/${agent.slug}`)).text();

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]![1]!) as { review: unknown[] };
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Ld </script><b>Agent',
      url: `http://localhost:3000/agents/${agent.slug}`,
      applicationCategory: 'Linked data',
      sameAs: expect.arrayContaining(['https://github.com/example/ld-agent']),
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 3,
        ratingCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(data.review).toHaveLength(2);
    expect(data.review[0]).toMatchObject({
      '@type': 'Review',
      reviewBody: 'Solid.',
      reviewRating: { '@type': 'Rating', ratingValue: 4 },
      author: { '@type': 'Person' },
    });

    const feeds = [
      ...html.matchAll(
        /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)">/g,
      ),
    ];
    expect(feeds.map((match) => match[2])).toEqual([
      `http://localhost:3000/feeds/agents/${agent.slug}/reviews.atom`,
      'http://localhost:3000/feeds/categories/feeds-ld.atom',
      'http://localhost:3000/feeds/agents.atom',
    ]);
  });

  it('an agent without reviews has no aggregate rating (search engines refuse an empty one)', async () => {
    const agent = await f.createAgent({});
    const html = await (await t.request(`/agents/${agent.slug}`)).text();
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data.aggregateRating).toBeUndefined();
    expect(data.review).toBeUndefined();
  });

  it('serves /llms.txt: what the site is, its MCP server, API, feeds and categories', async () => {
    const category = await f.createCategory({ slug: 'feeds-llms', name: 'Llms category' });
    const response = await t.request('/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await response.text();
    expect(body.startsWith('# AgentAtlas\n\n> ')).toBe(true);
    expect(body).toContain('http://localhost:3000/mcp');
    expect(body).toContain('http://localhost:3000/api/docs');
    expect(body).toContain('http://localhost:3000/feeds/agents.atom');
    expect(body).toContain(`[${category.name}](http://localhost:3000/agents?category=feeds-llms)`);
  });
});
