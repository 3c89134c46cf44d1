import type { Db } from './db/database.js';
import { createAgentsRepo } from './features/agents/agents.repo.js';
import type { AgentsServiceDeps } from './features/agents/agents.service.js';
import { createCategoriesRepo } from './features/categories/categories.repo.js';
import { createReviewsRepo } from './features/reviews/reviews.repo.js';
import type { ReviewsServiceDeps } from './features/reviews/reviews.service.js';

/** The repositories each feature's service functions take, built once over the database handle. */
export function createServices(db: Db) {
  const agents = createAgentsRepo(db);
  const categories = createCategoriesRepo(db);
  const reviews = createReviewsRepo(db);
  return {
    agents: { db, agents, categories } satisfies AgentsServiceDeps,
    reviews: { db, agents, reviews } satisfies ReviewsServiceDeps,
  };
}

export type Services = ReturnType<typeof createServices>;
