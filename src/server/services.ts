import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { AuthDeps } from './features/auth/auth.service.js';
import type { GithubSigninDeps } from './features/auth/github-signin.service.js';
import { createGithubClient } from './features/github/github-client.js';
import { createAgentsRepo } from './features/agents/agents.repo.js';
import { SearchVocabulary, type AgentsServiceDeps } from './features/agents/agents.service.js';
import { createCategoriesRepo } from './features/categories/categories.repo.js';
import { createReviewsRepo } from './features/reviews/reviews.repo.js';
import type { ReviewsServiceDeps } from './features/reviews/reviews.service.js';
import type { ReviewWritesDeps } from './features/reviews/reviews.write.service.js';
import type { ReportsDeps } from './features/reports/reports.service.js';
import { createUsersRepo } from './features/users/users.repo.js';
import { createFavoritesRepo } from './features/favorites/favorites.repo.js';
import type { FavoritesDeps } from './features/favorites/favorites.service.js';
import type { ResponseCache } from './lib/response-cache.js';
import { createNotificationsRepo } from './features/notifications/notifications.repo.js';
import type { NotificationsDeps } from './features/notifications/notifications.service.js';
import type { Notification } from '../shared/api/notifications.js';
import type { Mailer } from './mail/mailer.js';

/** The repositories each feature's service functions take, built once over the database handle. */
export function createServices(
  db: Db,
  config: Config,
  mailer: Mailer,
  cache: ResponseCache,
  publishNotifications: (userId: number, notifications: Notification[]) => void = () => {},
) {
  const agents = createAgentsRepo(db);
  const categories = createCategoriesRepo(db);
  const reviews = createReviewsRepo(db);
  const users = createUsersRepo(db);
  const github = createGithubClient(config.github);
  const notifications = {
    notifications: createNotificationsRepo(db),
    publish: publishNotifications,
  } satisfies NotificationsDeps;
  const auth = { db, users, mailer, config, notifications } satisfies AuthDeps;
  const agentsDeps = {
    db,
    agents,
    categories,
    vocabulary: new SearchVocabulary(() => agents.searchVocabulary()),
  } satisfies AgentsServiceDeps;
  return {
    agents: agentsDeps,
    favorites: {
      db,
      favorites: createFavoritesRepo(db),
      agents: agentsDeps,
      notifications,
      cache,
    } satisfies FavoritesDeps,
    reviews: { db, agents, reviews } satisfies ReviewsServiceDeps,
    reviewWrites: { db, agents, reviews, notifications, cache } satisfies ReviewWritesDeps,
    auth,
    notifications,
    githubSignin: { ...auth, github } satisfies GithubSigninDeps,
    reports: { db, notifications } satisfies ReportsDeps,
  };
}

export type Services = ReturnType<typeof createServices>;
