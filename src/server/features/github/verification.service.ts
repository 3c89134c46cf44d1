import type { VerificationEvidence } from '../../../shared/api/github.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { nowIso } from '../../lib/time.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { ReputationRepo } from '../reviews/reputation.repo.js';
import type { AgentEventsRepo } from '../submissions/agent-events.repo.js';
import type { GithubClient, GithubRepoAnswer } from './github-client.js';
import type { GithubConnectionsRepo } from './github.repo.js';
import { connectionToken } from './github.service.js';
import type { VerificationRepo } from './verification.repo.js';

export interface VerificationDeps {
  db: Db;
  github: GithubClient;
  connections: GithubConnectionsRepo;
  verification: VerificationRepo;
  reputation: ReputationRepo;
  agentEvents: AgentEventsRepo;
  secretBox: SecretBox;
  notifications: NotificationsDeps;
  cache: ResponseCache;
}

type Permission = NonNullable<VerificationEvidence['permission']>;
const CONTROLLING: ReadonlySet<Permission> = new Set(['admin', 'maintain', 'push']);

/** The highest right GitHub reports for the token's user. */
function highestPermission(permissions: GithubRepoAnswer['permissions']): Permission | null {
  if (!permissions) return null;
  if (permissions.admin) return 'admin';
  if (permissions.maintain) return 'maintain';
  if (permissions.push) return 'push';
  if (permissions.triage) return 'triage';
  if (permissions.pull) return 'pull';
  return null;
}

/**
 * What an admin needs before verifying: does the owner's GitHub connection control the repository
 * the listing names? Asked of GitHub with the owner's own token, so it shows the owner's rights.
 */
export async function getVerificationEvidence(
  deps: VerificationDeps,
  agentId: number,
): Promise<VerificationEvidence> {
  const agent = await deps.verification.findAgent(agentId);
  if (!agent) throw notFound('Agent not found');
  const base = {
    agentId: agent.id,
    githubRepo: agent.github_repo,
    ownerConnected: false,
    ownerGithubLogin: null,
    permission: null,
    controlsRepository: false,
    checkedAt: nowIso(),
  };
  if (!agent.github_repo) return { ...base, summary: 'This listing names no GitHub repository.' };
  if (agent.owner_id === null) return { ...base, summary: 'This listing has no owner.' };

  const connection = await connectionToken(deps, agent.owner_id);
  if (!connection) return { ...base, summary: 'The owner has not connected GitHub.' };
  const connected = { ...base, ownerConnected: true, ownerGithubLogin: connection.login };
  const [owner = '', name = ''] = agent.github_repo.split('/');

  let repo: GithubRepoAnswer | null;
  try {
    repo = await deps.github.getRepo(connection.token, owner, name);
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication') {
      // GitHub refuses the owner's token: it is useless, and the owner has to connect again.
      await deps.connections.remove(agent.owner_id, connection.sealed);
      return {
        ...base,
        summary: "GitHub no longer accepts the owner's connection; they need to connect GitHub again.",
      };
    }
    throw error;
  }
  if (!repo)
    return {
      ...connected,
      summary: `${connection.login} has no access to ${agent.github_repo} on GitHub (or it does not exist).`,
    };
  const permission = highestPermission(repo.permissions);
  const repoName = repo.full_name;
  if (!permission)
    return { ...connected, summary: `${connection.login} has no access to ${repoName} on GitHub.` };
  const controls = CONTROLLING.has(permission);
  return {
    ...connected,
    permission,
    controlsRepository: controls,
    summary: controls
      ? `${connection.login} has ${permission} access to ${repoName} on GitHub.`
      : `${connection.login} has only ${permission} access to ${repoName} on GitHub, which does not show control of it.`,
  };
}

/**
 * Gives or takes away the verified badge. Giving it needs a listing that is not rejected and
 * evidence that the owner controls its repository; taking it away always works.
 */
export async function setAgentVerified(
  deps: VerificationDeps,
  admin: UserRow,
  options: { agentId: number; verified: boolean },
): Promise<{ agentId: number; verified: boolean }> {
  const agent = await deps.verification.findAgent(options.agentId);
  if (!agent) throw notFound('Agent not found');

  let summary: string | null = null;
  if (options.verified) {
    if (agent.status === 'rejected') throw conflict('A rejected listing cannot be verified.');
    const evidence = await getVerificationEvidence(deps, agent.id);
    if (!evidence.controlsRepository) throw conflict(evidence.summary);
    summary = evidence.summary;
  }

  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const current = await deps.verification.findAgent(options.agentId, trx);
    if (!current) throw notFound('Agent not found');
    if (options.verified && current.status === 'rejected')
      throw conflict('A rejected listing cannot be verified.');
    // Already so: nothing to record or tell anyone.
    if ((current.verified === 1) === options.verified) return null;
    await deps.verification.setVerified(current.id, options.verified, nowIso(), trx);
    await deps.reputation.refreshAgentScore(current.id, trx);
    await deps.agentEvents.record(
      {
        agentId: current.id,
        kind: options.verified ? 'verified' : 'unverified',
        actor: 'admin',
        actorId: admin.id,
        message: summary,
      },
      trx,
    );
    const notification =
      current.owner_id === null
        ? null
        : await createNotification(deps.notifications, trx, {
            user_id: current.owner_id,
            type: 'system',
            title: options.verified ? `${current.name} is verified` : `${current.name} is no longer verified`,
            message: options.verified
              ? `An administrator confirmed that you control ${current.name}'s GitHub repository. It now shows the verified badge.`
              : `An administrator removed the verified badge from ${current.name}.`,
            link: `/agents/${current.slug}`,
          });
    return { ownerId: current.owner_id, notification };
  });
  if (result) {
    // The badge shows on the agent's page and cards; the verified filter changes listings.
    deps.cache.invalidate([cacheTags.agent(options.agentId), cacheTags.listings]);
    if (result.ownerId !== null && result.notification)
      deps.notifications.publish(result.ownerId, [result.notification]);
  }
  return { agentId: options.agentId, verified: options.verified };
}
