/** The catalogue's fixed vocabularies, kept free of zod so pages can use them without loading it. */

export const agentSorts = ['rating', 'newest', 'trending', 'reviews', 'name'] as const;
export type AgentSort = (typeof agentSorts)[number];

export const agentSortLabels: Record<AgentSort, string> = {
  rating: 'Top rated',
  newest: 'Newest',
  trending: 'Trending',
  reviews: 'Most reviewed',
  name: 'Name',
};

export const pricingModels = ['free', 'freemium', 'paid', 'open-source', 'enterprise'] as const;
export type PricingModel = (typeof pricingModels)[number];

export const pricingLabels: Record<PricingModel, string> = {
  free: 'Free',
  freemium: 'Freemium',
  paid: 'Paid',
  'open-source': 'Open source',
  enterprise: 'Enterprise',
};

export const agentStatuses = ['pending', 'published', 'rejected'] as const;
export type AgentStatus = (typeof agentStatuses)[number];
