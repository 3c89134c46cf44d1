import type { PricingModel } from '../../../shared/api/agents.js';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** A lucide icon name. */
  icon: string;
}

export interface SeedAgent {
  slug: string;
  name: string;
  categorySlug: string;
  tagline: string;
  /** Markdown, several paragraphs with a list or two. */
  description: string;
  tags: string[];
  pricing: PricingModel;
  websiteUrl: string;
  repoUrl: string | null;
  docsUrl: string | null;
  verified: boolean;
  featured: boolean;
  /** How the demo reviewers feel about it: the mean of their ratings (1-5). */
  ratingTarget: number;
  /** How many demo reviews it gets (0-30). */
  reviewCount: number;
  /** Days since it was listed (1-700). */
  ageDays: number;
}

export interface SeedReviewText {
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
}

export interface SeedUser {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  organizationType: 'individual' | 'enterprise';
  isAnonymous: boolean;
}
