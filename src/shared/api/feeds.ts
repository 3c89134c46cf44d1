/** Atom feeds: where they are, so pages link them and clients subscribe. */
export const FEED_ENTRIES = 50;

export const feedPaths = {
  agents: '/feeds/agents.atom',
  advisories: '/feeds/advisories.atom',
  category: (slug: string) => `/feeds/categories/${encodeURIComponent(slug)}.atom`,
  reviews: (agentSlug: string) => `/feeds/agents/${encodeURIComponent(agentSlug)}/reviews.atom`,
};

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
