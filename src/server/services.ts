import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { AuthDeps } from './features/auth/auth.service.js';
import { createEmailTokensRepo } from './features/auth/email-tokens.repo.js';
import { createOauthStatesRepo } from './features/auth/oauth-states.repo.js';
import { createSessionsRepo } from './features/auth/sessions.repo.js';
import type { GithubSigninDeps } from './features/auth/github-signin.service.js';
import { createGithubClient } from './features/github/github-client.js';
import { createAgentsRepo } from './features/agents/agents.repo.js';
import { KEPT_CARDS_MAX_BYTES, KeptCards } from './features/agents/kept-cards.js';
import { LISTING_PARTS_MAX_BYTES, ListingParts } from './features/agents/listing-parts.js';
import { AgentSearch } from './features/agents/agent-search.js';
import type { AgentsServiceDeps } from './features/agents/agents.service.js';
import { createCategoriesRepo } from './features/categories/categories.repo.js';
import type { CategoriesDeps } from './features/categories/categories.service.js';
import { createHealthRepo } from './features/health/health.repo.js';
import { createNewsletterRepo } from './features/newsletter/newsletter.repo.js';
import type { NewsletterDeps } from './features/newsletter/newsletter.service.js';
import { createReportsRepo } from './features/reports/reports.repo.js';
import { createReputationRepo } from './features/reviews/reputation.repo.js';
import { createReviewsRepo } from './features/reviews/reviews.repo.js';
import type { ReviewsServiceDeps } from './features/reviews/reviews.service.js';
import type { FeedsDeps } from './features/feeds/feeds.service.js';
import type { ReviewWritesDeps } from './features/reviews/reviews.write.service.js';
import type { ReportsDeps } from './features/reports/reports.service.js';
import { createSubmissionsRepo } from './features/submissions/submissions.repo.js';
import type { SubmissionsDeps } from './features/submissions/submissions.service.js';
import { createOwnerAgentsRepo } from './features/owner-agents/owner-agents.repo.js';
import type { OwnerAgentsDeps } from './features/owner-agents/owner-agents.service.js';
import { createModerationRepo } from './features/admin/moderation.repo.js';
import type { ModerationDeps } from './features/admin/moderation.service.js';
import type { CategoriesAdminDeps } from './features/categories/categories.admin.service.js';
import { createUsersRepo } from './features/users/users.repo.js';
import { createFavoritesRepo } from './features/favorites/favorites.repo.js';
import type { FavoritesDeps } from './features/favorites/favorites.service.js';
import type { ResponseCache } from './lib/response-cache.js';
import { createNotificationsRepo } from './features/notifications/notifications.repo.js';
import type { NotificationsDeps } from './features/notifications/notifications.service.js';
import type { Notification } from '../shared/api/notifications.js';
import type { Mailer, MailerLogger } from './mail/mailer.js';
import { createGithubConnectionsRepo } from './features/github/github.repo.js';
import type { GithubConnectDeps } from './features/github/github.service.js';
import { createClaimsRepo } from './features/claims/claims.repo.js';
import { createClaimAgentsRepo } from './features/claims/claim-agents.repo.js';
import type { ClaimsDeps } from './features/claims/claims.service.js';
import { createRecordRepo } from './features/record/record.repo.js';
import type { BadgesDeps } from './features/badges/badges.service.js';
import type { RecordDeps } from './features/record/record.service.js';
import { createMetricsRepo } from './features/metrics/metrics.repo.js';
import type { MetricsDeps } from './features/metrics/metrics.service.js';
import { ClosedDaysCache } from './features/metrics/closed-days-cache.js';
import { createHistoryRepo } from './features/history/history.repo.js';
import type { HistoryDeps } from './features/history/history.service.js';
import { createAgentEventsRepo } from './db/agent-events.repo.js';
import { createFilesRepo } from './features/storage/files.repo.js';
import { createImageQueue, type StorageDeps } from './features/storage/uploads.service.js';
import { createSecretBox, loadSecretKey } from './lib/secret-box.js';
import { createWebhooksRepo } from './features/webhooks/webhooks.repo.js';
import { createImportsRepo } from './features/imports/imports.repo.js';
import type { ImportsDeps } from './features/imports/imports.service.js';
import type { RegistrySyncDeps } from './features/imports/registry-sync.service.js';
import type { WebhookEventsDeps } from './features/webhooks/webhooks.service.js';
import type { DispatcherDeps } from './features/webhooks/webhook-dispatcher.js';
import { createLocalDriver } from './storage/local-driver.js';
import { createProbesRepo } from './features/probes/probes.repo.js';
import type { ProbesDeps } from './features/probes/probes.service.js';
import { createGuardedResolver, createTxtLookup, type OutboundFetch } from './lib/outbound-fetch.js';
import { DEMO_MCP_PATH } from './features/probes/demo-mcp.routes.js';
import { runProbeOf, type RunProbe } from './features/probes/probe-runner.js';
import type { StorageDriver } from './storage/storage-driver.js';
import { createSigningKeysRepo } from './features/signing-keys/signing-keys.repo.js';
import {
  createUnsealedKeyCache,
  type SigningKeysDeps,
} from './features/signing-keys/signing-keys.service.js';
import { createTransparencyRepo } from './features/transparency/transparency.repo.js';
import type { TransparencyDeps } from './features/transparency/transparency.service.js';
import { createRegistryRepo } from './features/registry/registry.repo.js';
import type { RegistryDeps } from './features/registry/registry.service.js';
import { createStatementsRepo } from './features/statements/statements.repo.js';
import type { StatementsDeps } from './features/statements/statements.service.js';
import { createAdvisoriesRepo } from './features/advisories/advisories.repo.js';
import type { AdvisoriesDeps } from './features/advisories/advisories.service.js';
import { createPoliciesRepo } from './features/policies/policies.repo.js';
import type { PoliciesDeps } from './features/policies/policies.service.js';

/** What the services tell the open sockets (realtime/notification-hub.ts). */
export interface Realtime {
  publish(userId: number, notifications: Notification[]): void;
  closeSessionSockets(tokenHashes: readonly string[]): void;
}

/** How the services reach addresses users gave: the guarded fetch, and probes (on a worker in the app). */
export interface Network {
  fetch: OutboundFetch;
  runProbe: RunProbe;
}

const noFetch: OutboundFetch = () => Promise.reject(new Error('no outbound fetch in this context'));
const offline: Network = { fetch: noFetch, runProbe: (endpoint) => runProbeOf(endpoint, noFetch) };

/** The repositories each feature's service functions take, built once over the database handle. */
export function createServices(
  db: Db,
  config: Config,
  mailer: Mailer,
  log: MailerLogger,
  cache: ResponseCache,
  realtime: Realtime = { publish() {}, closeSessionSockets() {} },
  network: Network = offline,
  storageDriver: StorageDriver = createLocalDriver(path.join(config.dataDir, 'uploads')),
) {
  const agents = createAgentsRepo(db);
  const categories = createCategoriesRepo(db);
  const reviews = createReviewsRepo(db);
  const reputation = createReputationRepo(db);
  const users = createUsersRepo(db);
  const oauthStates = createOauthStatesRepo(db);
  const agentEvents = createAgentEventsRepo(db);
  const files = createFilesRepo(db);
  const submissionsRepo = createSubmissionsRepo(db);
  const ownerAgents = createOwnerAgentsRepo(db);
  const importsRepo = createImportsRepo(db);
  const github = createGithubClient(config.github);
  const outbound = {
    allowPrivate: config.outbound.allowPrivate,
    demoEndpoint: { origin: new URL(config.publicUrl).origin, pathPrefix: DEMO_MCP_PATH },
  };
  const notifications = {
    notifications: createNotificationsRepo(db),
    publish: (userId, list) => realtime.publish(userId, list),
  } satisfies NotificationsDeps;
  const auth = {
    db,
    users,
    sessions: createSessionsRepo(db),
    closeSessionSockets: (tokenHashes) => realtime.closeSessionSockets(tokenHashes),
    emailTokens: createEmailTokensRepo(db),
    mailer,
    config,
    notifications,
    log,
  } satisfies AuthDeps;
  const secretBox = createSecretBox(loadSecretKey(config));
  const githubConnect = {
    db,
    config,
    github,
    oauthStates,
    connections: createGithubConnectionsRepo(db),
    secretBox,
  } satisfies GithubConnectDeps;
  const signingKeys = {
    db,
    keys: createSigningKeysRepo(db),
    secretBox,
    unsealed: createUnsealedKeyCache(),
  } satisfies SigningKeysDeps;
  const webhookEvents = {
    webhooks: createWebhooksRepo(db),
    publicUrl: config.publicUrl,
  } satisfies WebhookEventsDeps;
  const agentsDeps = {
    db,
    agents,
    categories,
    reviews,
    reputation,
    search: new AgentSearch(agents),
    listingParts: new ListingParts(
      { agents, categories },
      cache.follower({ maxBytes: LISTING_PARTS_MAX_BYTES }),
      cache.follow(new KeptCards({ maxBytes: KEPT_CARDS_MAX_BYTES, ttlMs: cache.expiryMs })),
    ),
  } satisfies AgentsServiceDeps;
  const probesRepo = createProbesRepo(db);
  const claims = {
    db,
    claims: createClaimsRepo(db),
    agents: createClaimAgentsRepo(db),
    agentAccess: agents,
    reputation,
    agentEvents,
    notifications,
    cache,
    fetch: network.fetch,
    lookupTxt: createTxtLookup(config.outbound.dnsServers),
    allowPrivate: config.outbound.allowPrivate,
    github: githubConnect,
    webhookEvents,
  } satisfies ClaimsDeps;
  const submissions = {
    db,
    submissions: submissionsRepo,
    categories,
    files,
    users,
    reputation,
    agentEvents,
    notifications,
    outbound,
    imports: importsRepo,
  } satisfies SubmissionsDeps;
  const storage = {
    db,
    driver: storageDriver,
    files,
    cache,
    images: createImageQueue(config.images),
  } satisfies StorageDeps;
  const imports = {
    registry: { fetch: network.fetch, registryUrl: config.registryUrl },
    imports: importsRepo,
    submissions,
    storage,
  } satisfies ImportsDeps;
  const registryDeps = {
    db,
    registry: createRegistryRepo(db),
    agents,
    publicUrl: config.publicUrl,
  } satisfies RegistryDeps;
  return {
    health: createHealthRepo(db),
    metrics: {
      db,
      metrics: createMetricsRepo(db),
      closedDays: new ClosedDaysCache(),
      agentAccess: agents,
    } satisfies MetricsDeps,
    history: { db, history: createHistoryRepo(db), agentAccess: agents } satisfies HistoryDeps,
    agents: agentsDeps,
    categories: { categories } satisfies CategoriesDeps,
    newsletter: { newsletter: createNewsletterRepo(db) } satisfies NewsletterDeps,
    favorites: {
      db,
      favorites: createFavoritesRepo(db),
      agents: agentsDeps,
      notifications,
      cache,
    } satisfies FavoritesDeps,
    reviews: { db, agents, reviews } satisfies ReviewsServiceDeps,
    reviewWrites: {
      db,
      agents,
      reviews,
      reputation,
      notifications,
      cache,
      webhookEvents,
    } satisfies ReviewWritesDeps,
    auth,
    notifications,
    githubSignin: { ...auth, github, oauthStates } satisfies GithubSigninDeps,
    reports: { db, reports: createReportsRepo(db), agents, reviews, notifications } satisfies ReportsDeps,
    submissions,
    imports,
    registrySync: {
      db,
      registry: imports.registry,
      imports: importsRepo,
      ownerAgents,
      agentEvents,
      users,
      notifications,
      importDeps: imports,
    } satisfies RegistrySyncDeps,
    ownerAgents: {
      db,
      ownerAgents,
      submissions: submissionsRepo,
      categories,
      files,
      users,
      agentEvents,
      notifications,
      outbound,
    } satisfies OwnerAgentsDeps,
    moderation: {
      db,
      moderation: createModerationRepo(db),
      ownerAgents,
      submissions: submissionsRepo,
      categories,
      reputation,
      agentEvents,
      notifications,
      cache,
      webhookEvents,
      imports: importsRepo,
    } satisfies ModerationDeps,
    categoriesAdmin: { db, categories, cache } satisfies CategoriesAdminDeps,
    githubConnect,
    claims,
    badges: { agents, probes: probesRepo } satisfies BadgesDeps,
    feeds: {
      agents,
      categories,
      reviews: { db, agents, reviews },
      publicUrl: config.publicUrl,
    } satisfies FeedsDeps,
    record: {
      db,
      record: createRecordRepo(db),
      agents: claims.agents,
      agentAccess: agents,
      claims: claims.claims,
      agentEvents,
      notifications,
      cache,
      claimsDeps: claims,
      webhookEvents,
    } satisfies RecordDeps,
    probes: {
      db,
      probes: probesRepo,
      notifications,
      agentEvents,
      runProbe: network.runProbe,
      intervalS: config.probes.intervalS,
      webhookEvents,
      agentAccess: agents,
      resolveHost: createGuardedResolver({
        allowPrivate: config.outbound.allowPrivate,
        dnsServers: config.outbound.dnsServers,
      }).resolvePublic,
      cache,
    } satisfies ProbesDeps,
    webhooks: {
      db,
      ...webhookEvents,
      agentAccess: agents,
      secretBox,
      allowPrivate: config.outbound.allowPrivate,
      fetch: network.fetch,
      notifications,
    } satisfies DispatcherDeps,
    storage,
    signingKeys,
    transparency: { db, log: createTransparencyRepo(db), signing: signingKeys } satisfies TransparencyDeps,
    registry: registryDeps,
    policies: {
      ...registryDeps,
      policies: createPoliciesRepo(db),
      signing: signingKeys,
    } satisfies PoliciesDeps,
    statements: {
      db,
      agents,
      statements: createStatementsRepo(db),
      signing: signingKeys,
      publicUrl: config.publicUrl,
    } satisfies StatementsDeps,
    advisories: {
      db,
      advisories: createAdvisoriesRepo(db),
      notifications,
      webhookEvents,
      cache,
      publicUrl: config.publicUrl,
    } satisfies AdvisoriesDeps,
  };
}

export type Services = ReturnType<typeof createServices>;
