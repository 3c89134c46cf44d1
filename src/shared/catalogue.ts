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

/**
 * The lucide icon names a category may use: the ones the category grid bundles. Admins pick from this
 * list, so every category shows its own icon rather than the fallback tag.
 */
export const categoryIconNames = [
  'code',
  'microscope',
  'headphones',
  'bar-chart-3',
  'handshake',
  'pen-line',
  'megaphone',
  'calendar-check',
  'palette',
  'server-cog',
  'shield-check',
  'graduation-cap',
  'landmark',
  'stethoscope',
  'tag',
] as const;
export type CategoryIconName = (typeof categoryIconNames)[number];
