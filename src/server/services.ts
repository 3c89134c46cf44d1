import path from 'node:path';
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
import type { SubmissionsDeps } from './features/submissions/submissions.service.js';
import type { CategoriesAdminDeps } from './features/categories/categories.admin.service.js';
import { createUsersRepo } from './features/users/users.repo.js';
import { createFavoritesRepo } from './features/favorites/favorites.repo.js';
import type { FavoritesDeps } from './features/favorites/favorites.service.js';
import type { ResponseCache } from './lib/response-cache.js';
import { createNotificationsRepo } from './features/notifications/notifications.repo.js';
import type { NotificationsDeps } from './features/notifications/notifications.service.js';
import type { Notification } from '../shared/api/notifications.js';
import type { Mailer } from './mail/mailer.js';
import { createGithubConnectionsRepo } from './features/github/github.repo.js';
import type { GithubConnectDeps } from './features/github/github.service.js';
import type { VerificationDeps } from './features/github/verification.service.js';
import { createFilesRepo } from './features/storage/files.repo.js';
import type { StorageDeps } from './features/storage/uploads.service.js';
import { createSecretBox, loadSecretKey } from './lib/secret-box.js';
import { createLocalDriver } from './storage/local-driver.js';
import type { StorageDriver } from './storage/storage-driver.js';

/** The repositories each feature's service functions take, built once over the database handle. */
export function createServices(
  db: Db,
  config: Config,
  mailer: Mailer,
  cache: ResponseCache,
  publishNotifications: (userId: number, notifications: Notification[]) => void = () => {},
  storageDriver: StorageDriver = createLocalDriver(path.join(config.dataDir, 'uploads')),
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
  const githubConnect = {
    db,
    config,
    github,
    connections: createGithubConnectionsRepo(db),
    secretBox: createSecretBox(loadSecretKey(config)),
  } satisfies GithubConnectDeps;
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
    submissions: {
      db,
      notifications,
      cache,
      vocabulary: agentsDeps.vocabulary,
    } satisfies SubmissionsDeps,
    categoriesAdmin: { db, cache } satisfies CategoriesAdminDeps,
    githubConnect,
    verification: { ...githubConnect, notifications, cache } satisfies VerificationDeps,
    storage: { db, driver: storageDriver, files: createFilesRepo(db), cache } satisfies StorageDeps,
  };
}

export type Services = ReturnType<typeof createServices>;
