import type { AgentDetail } from '../../../shared/api/agents.js';
import type { Review } from '../../../shared/api/reviews.js';
import { HOUSE_OWNER_NAME } from '../agents/agents.presenter.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';

const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });

/**
 * An agent page as schema.org sees it: a SoftwareApplication with its rating and newest reviews
 * (https://schema.org/SoftwareApplication; the fields search engines read for review snippets).
 */
export function agentStructuredData(agent: AgentDetail, reviews: Review[], publicUrl: string) {
  const url = absoluteUrl(publicUrl, paths.agent.href(agent.slug));
  const logo =
    agent.logoUrl && (agent.logoUrl.startsWith('http') ? agent.logoUrl : `${publicUrl}${agent.logoUrl}`);
  const links = [agent.websiteUrl, agent.repoUrl, agent.docsUrl].filter((link): link is string =>
    Boolean(link),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    '@id': url,
    name: agent.name,
    description: agent.tagline,
    url,
    applicationCategory: agent.category.name,
    operatingSystem: 'Any',
    keywords: agent.tags.join(', '),
    datePublished: agent.createdAt,
    dateModified: agent.updatedAt,
    ...(logo ? { image: logo } : {}),
    ...(links.length > 0 ? { sameAs: links } : {}),
    // The MCP protocol revisions its server was last found speaking. featureList is the
    // SoftwareApplication property for what an application offers (additionalProperty is for Products).
    ...(agent.trust.protocols.length > 0
      ? { featureList: agent.trust.protocols.map((revision) => `MCP protocol ${revision}`) }
      : {}),
    author:
      agent.owner.displayName === HOUSE_OWNER_NAME
        ? { '@type': 'Organization', name: HOUSE_OWNER_NAME, url: publicUrl }
        : { '@type': 'Person', name: agent.owner.displayName },
    ...(agent.pricing === 'free' || agent.pricing === 'open-source'
      ? { offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD' } }
      : {}),
    // Search engines refuse an aggregate rating of nothing: it is left out until the first review.
    ...(agent.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: agent.rating.average,
            ratingCount: agent.rating.count,
            reviewCount: agent.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author.displayName },
            datePublished: review.createdAt,
            ...(review.title ? { name: review.title } : {}),
            reviewBody: review.body,
            reviewRating: rating(review.rating),
          })),
        }
      : {}),
  };
}
