import { Feed } from 'feed';
import { FEED_ENTRIES, feedPaths } from '../../../shared/api/feeds.js';
import { notFound } from '../../errors.js';
import { escapeHtml, markdownToSafeHtml, textToHtml } from '../../lib/html.js';
import type { AgentsRepo } from '../agents/agents.repo.js';
import { NO_TRUST, presentAgentDetail } from '../agents/agents.presenter.js';
import { findPublishedAgentOr404 } from '../agents/agents.service.js';
import type { CategoriesRepo } from '../categories/categories.repo.js';
import { listReviews, type ReviewsServiceDeps } from '../reviews/reviews.service.js';
import { absoluteUrl, paths, type SitePath } from '../../../shared/routes.js';

export interface FeedsDeps {
  agents: AgentsRepo;
  categories: CategoriesRepo;
  reviews: ReviewsServiceDeps;
  publicUrl: string;
}

const SITE = 'AgentAtlas';
/** An empty feed's `updated`: a fixed date, so its ETag holds until something is published. */
const NOTHING_YET = new Date('2026-01-01T00:00:00Z');

function siteFeed(
  deps: FeedsDeps,
  options: { path: string; title: string; description: string; page: SitePath },
) {
  return new Feed({
    id: `${deps.publicUrl}${options.path}`,
    title: options.title,
    description: options.description,
    link: absoluteUrl(deps.publicUrl, options.page),
    language: 'en',
    favicon: `${deps.publicUrl}/favicon.svg`,
    copyright: `Reviews and listings on ${SITE}`,
    generator: SITE,
    feedLinks: { atom: `${deps.publicUrl}${options.path}` },
    author: { name: SITE, link: deps.publicUrl },
    updated: NOTHING_YET,
  });
}

/** Newest published agents, of the whole site or of one category, as Atom. */
export async function agentsFeed(deps: FeedsDeps, categorySlug?: string): Promise<string> {
  let category: Awaited<ReturnType<CategoriesRepo['findBySlug']>> | undefined;
  if (categorySlug !== undefined) {
    category = await deps.categories.findBySlug(categorySlug);
    if (!category) throw notFound('Category not found');
  }
  const rows = await deps.agents.findNewestDetails({ categoryId: category?.id, limit: FEED_ENTRIES });
  const feed = siteFeed(deps, {
    path: category ? feedPaths.category(category.slug) : feedPaths.agents,
    page: paths.agents.href({ category: category?.slug, sort: 'newest' }),
    title: category ? `${category.name} · New agents on ${SITE}` : `New agents on ${SITE}`,
    description: category
      ? `AI agents newly listed in ${category.name} on ${SITE}.`
      : `AI agents newly listed on ${SITE}.`,
  });
  for (const row of rows) {
    // A feed item carries the listing's texts, not its trust summary.
    const agent = presentAgentDetail(row, NO_TRUST);
    const link = absoluteUrl(deps.publicUrl, paths.agent.href(agent.slug));
    feed.addItem({
      id: link,
      link,
      // The library marks these as HTML: text is escaped, the Markdown rendered safely.
      title: escapeHtml(agent.name),
      description: escapeHtml(agent.tagline),
      content: markdownToSafeHtml(agent.description),
      date: new Date(agent.updatedAt),
      published: new Date(row.published_at ?? agent.createdAt),
      author: [{ name: agent.owner.displayName }],
      category: [{ name: agent.category.name, term: agent.category.slug }],
    });
  }
  if (rows[0]) feed.options.updated = new Date(Math.max(...rows.map((row) => Date.parse(row.updated_at))));
  return feed.atom1();
}

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/** A published agent's newest reviews, as Atom. */
export async function reviewsFeed(deps: FeedsDeps, agentSlug: string): Promise<string> {
  const agent = await findPublishedAgentOr404(deps, agentSlug);
  const { reviews } = await listReviews(deps.reviews, agent, {
    page: 1,
    limit: FEED_ENTRIES,
    sort: 'newest',
  });
  const page = paths.agent.href(agent.slug);
  const feed = siteFeed(deps, {
    path: feedPaths.reviews(agent.slug),
    page,
    title: `Reviews of ${agent.name} · ${SITE}`,
    description: `What people say about ${agent.name} on ${SITE}.`,
  });
  for (const review of reviews) {
    feed.addItem({
      // Permanent and unique; the link opens the agent's reviews.
      id: `${absoluteUrl(deps.publicUrl, page)}#review-${review.id}`,
      link: absoluteUrl(deps.publicUrl, paths.agent.href(agent.slug, { section: 'reviews' })),
      title: escapeHtml(`${stars(review.rating)} ${review.title ?? `${review.rating} out of 5`}`),
      description: escapeHtml(review.body.length > 280 ? `${review.body.slice(0, 279)}…` : review.body),
      content: textToHtml(review.body),
      date: new Date(review.updatedAt),
      published: new Date(review.createdAt),
      author: [{ name: review.author.displayName }],
    });
  }
  feed.options.updated = new Date(
    reviews.length > 0
      ? Math.max(...reviews.map((review) => Date.parse(review.updatedAt)))
      : agent.updated_at,
  );
  return feed.atom1();
}
