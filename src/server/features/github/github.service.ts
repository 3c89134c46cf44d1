import type {
  GithubAuthUrl,
  GithubConnection,
  GithubInstallation,
  GithubRepoPrefill,
  GithubRepository,
  GithubStatus,
} from '../../../shared/api/github.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, invalid, notFound, unauthenticated } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createOauthState, readOauthState, type OauthStateDeps } from '../auth/oauth-states.service.js';
import type { GithubClient, GithubRepoAnswer } from './github-client.js';
import type { GithubConnectionsRepo } from './github.repo.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';

export interface GithubConnectDeps extends OauthStateDeps {
  db: Db;
  config: Config;
  github: GithubClient;
  connections: GithubConnectionsRepo;
  secretBox: SecretBox;
}

export const GITHUB_NOT_CONFIGURED = 'GitHub sign-in is not configured';
export const GITHUB_NOT_CONNECTED = 'GitHub is not connected';
export const GITHUB_INVALID_STATE = 'The GitHub authorization is invalid or has expired. Please try again.';
const GITHUB_CONNECTION_EXPIRED = 'Your GitHub connection has expired. Please connect GitHub again.';

const STATE_LIFETIME_MS = 10 * 60 * 1000;
const SCOPE = 'read:user';
export const README_EXCERPT_CHARS = 3000;

const callbackUri = (config: Config) => absoluteUrl(config.publicUrl, paths.submitAgentGithubCallback.href());
const tokenExpiresAt = (expiresIn: number | undefined) =>
  expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;

export async function getGithubStatus(deps: GithubConnectDeps, userId: number): Promise<GithubStatus> {
  const connection = await deps.connections.find(userId);
  return {
    configured: deps.github.configured,
    canInstall: deps.github.configured && Boolean(deps.github.appSlug),
    connected: Boolean(connection),
    login: connection?.login ?? null,
  };
}

/** Creates the single-use state for this user and answers where the popup goes. */
export async function startGithubConnect(
  deps: GithubConnectDeps,
  options: { userId: number; flow: 'connect' | 'install' },
): Promise<GithubAuthUrl> {
  if (!deps.github.configured) throw new AppError('unavailable', GITHUB_NOT_CONFIGURED);
  if (options.flow === 'install' && !deps.github.appSlug)
    throw new AppError('unavailable', 'GitHub App installation is not configured');
  const state = await createOauthState(deps, {
    kind: 'github_connect',
    userId: options.userId,
    payload: { flow: options.flow },
    lifetimeMs: STATE_LIFETIME_MS,
  });
  const url =
    options.flow === 'install'
      ? deps.github.installUrl(state)
      : deps.github.authorizeUrl({ state, redirectUri: callbackUri(deps.config), scope: SCOPE });
  return { url, state };
}

/** Checks the state (live, this kind, this user; used once), trades the code and stores the token sealed. */
export async function finishGithubConnect(
  deps: GithubConnectDeps,
  options: { userId: number; code: string; state: string },
): Promise<GithubConnection> {
  if (!deps.github.configured) throw new AppError('unavailable', GITHUB_NOT_CONFIGURED);
  // Looked at before it is consumed, so presenting someone else's state cannot use it up.
  const peek = await readOauthState(deps, { state: options.state, kind: 'github_connect', consume: false });
  if (!peek || peek.userId !== options.userId) throw invalid(GITHUB_INVALID_STATE);
  const taken = await readOauthState(deps, { state: options.state, kind: 'github_connect', consume: true });
  if (!taken) throw invalid(GITHUB_INVALID_STATE);

  const answer = await deps.github.exchangeCode(options.code, callbackUri(deps.config));
  if (answer.kind !== 'token')
    throw invalid(
      answer.kind === 'denied'
        ? 'The GitHub authorization was cancelled.'
        : 'GitHub did not accept the authorization code. Please connect GitHub again.',
    );
  let githubUser;
  try {
    githubUser = await deps.github.getUser(answer.accessToken);
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication')
      throw invalid('GitHub did not accept the new authorization. Please connect GitHub again.');
    throw error;
  }
  await deps.connections.upsert({
    user_id: options.userId,
    github_user_id: String(githubUser.id),
    login: githubUser.login,
    access_token_enc: deps.secretBox.encrypt(answer.accessToken),
    refresh_token_enc: answer.refreshToken ? deps.secretBox.encrypt(answer.refreshToken) : null,
    token_expires_at: tokenExpiresAt(answer.expiresIn),
    scope: answer.scope,
  });
  return { connected: true, login: githubUser.login };
}

export async function disconnectGithub(deps: GithubConnectDeps, userId: number): Promise<void> {
  await deps.connections.remove(userId);
}

/** Refresh this long before GitHub's stated expiry, so a token does not lapse mid-request. */
const REFRESH_MARGIN_MS = 60_000;

type TokenDeps = Pick<GithubConnectDeps, 'connections' | 'secretBox' | 'github'>;
type ConnectionRow = NonNullable<Awaited<ReturnType<GithubConnectionsRepo['find']>>>;

/** A sealed value opened with this instance's key, or null when it was sealed with another key. */
function unseal(deps: TokenDeps, sealed: string): string | null {
  try {
    return deps.secretBox.decrypt(sealed);
  } catch {
    return null;
  }
}

/**
 * Renews an expiring GitHub App user token with its refresh token. Refresh tokens work once, so
 * when two requests race, the loser finds the winner's new token stored and uses that. Null when
 * the connection cannot be renewed (it is then dropped: the owner has to connect again).
 */
async function refreshConnection(deps: TokenDeps, connection: ConnectionRow): Promise<ConnectionRow | null> {
  const refreshToken = connection.refresh_token_enc ? unseal(deps, connection.refresh_token_enc) : null;
  const answer = refreshToken ? await deps.github.refreshUserToken(refreshToken) : null;
  if (answer?.kind !== 'token') {
    const now = await deps.connections.find(connection.user_id);
    if (now && now.access_token_enc !== connection.access_token_enc) return now;
    await deps.connections.remove(connection.user_id, connection.access_token_enc);
    return null;
  }
  const renewed = {
    user_id: connection.user_id,
    github_user_id: connection.github_user_id,
    login: connection.login,
    access_token_enc: deps.secretBox.encrypt(answer.accessToken),
    refresh_token_enc: answer.refreshToken
      ? deps.secretBox.encrypt(answer.refreshToken)
      : connection.refresh_token_enc,
    token_expires_at: tokenExpiresAt(answer.expiresIn),
    scope: answer.scope || connection.scope,
  };
  await deps.connections.upsert(renewed);
  return { ...connection, ...renewed };
}

/** The decrypted token of a user's connection (renewed when it expires), or null when there is none usable. */
export async function connectionToken(
  deps: TokenDeps,
  userId: number,
): Promise<{ token: string; login: string; sealed: string } | null> {
  let connection: ConnectionRow | null | undefined = await deps.connections.find(userId);
  if (!connection) return null;
  const expiresAt = connection.token_expires_at ? Date.parse(connection.token_expires_at) : null;
  if (expiresAt !== null && expiresAt - REFRESH_MARGIN_MS <= Date.now())
    connection = await refreshConnection(deps, connection);
  if (!connection) return null;
  const token = unseal(deps, connection.access_token_enc);
  if (token === null) {
    // Sealed with another key (SECRET_KEY changed): unusable, so it is as if never connected.
    await deps.connections.remove(userId, connection.access_token_enc);
    return null;
  }
  return { token, login: connection.login, sealed: connection.access_token_enc };
}

/**
 * Runs a GitHub call with the user's stored token. A token GitHub no longer accepts is dropped, so
 * the client sees 401 and offers to connect again.
 */
async function withToken<T>(
  deps: GithubConnectDeps,
  userId: number,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const connection = await connectionToken(deps, userId);
  if (!connection) throw unauthenticated(GITHUB_NOT_CONNECTED);
  try {
    return await call(connection.token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication') {
      await deps.connections.remove(userId, connection.sealed);
      throw unauthenticated(GITHUB_CONNECTION_EXPIRED);
    }
    throw error;
  }
}

export async function listGithubInstallations(
  deps: GithubConnectDeps,
  userId: number,
): Promise<GithubInstallation[]> {
  const installations = await withToken(deps, userId, (token) => deps.github.listInstallations(token));
  return installations.flatMap((installation) =>
    installation.account
      ? [
          {
            id: installation.id,
            account: {
              login: installation.account.login,
              type: installation.account.type === 'Organization' ? 'Organization' : 'User',
              avatarUrl: installation.account.avatar_url ?? null,
            },
          } satisfies GithubInstallation,
        ]
      : [],
  );
}

const presentRepository = (repo: GithubRepoAnswer): GithubRepository => ({
  id: repo.id,
  fullName: repo.full_name,
  name: repo.name,
  owner: repo.owner.login,
  description: repo.description,
  private: repo.private,
  htmlUrl: repo.html_url,
  stars: repo.stargazers_count,
  language: repo.language,
  updatedAt: repo.updated_at,
});

export async function listGithubRepositories(
  deps: GithubConnectDeps,
  userId: number,
  installationId: number,
): Promise<GithubRepository[]> {
  const repositories = await withToken(deps, userId, (token) =>
    deps.github.listInstallationRepositories(token, installationId),
  );
  if (!repositories) throw notFound('This GitHub installation was not found.');
  return repositories.map(presentRepository);
}

/**
 * The start of a README, cut at a paragraph boundary near `limit` characters so the form gets
 * whole paragraphs; a code block left open by the cut is closed.
 */
export function readmeExcerpt(markdown: string, limit = README_EXCERPT_CHARS): string {
  const text = markdown.replace(/\r\n/g, '\n').trim();
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  const paragraph = head.lastIndexOf('\n\n');
  const line = head.lastIndexOf('\n');
  const cut = paragraph >= limit / 2 ? paragraph : line >= limit / 2 ? line : limit;
  let excerpt = text.slice(0, cut).trimEnd();
  if ((excerpt.match(/^```/gm) ?? []).length % 2 === 1) excerpt += '\n```';
  return excerpt;
}

export async function getGithubRepoPrefill(
  deps: GithubConnectDeps,
  userId: number,
  options: { owner: string; repo: string },
): Promise<GithubRepoPrefill> {
  return withToken(deps, userId, async (token) => {
    const [repo, readme] = await Promise.all([
      deps.github.getRepo(token, options.owner, options.repo),
      deps.github.getReadme(token, options.owner, options.repo),
    ]);
    if (!repo) throw notFound('This repository was not found on GitHub.');
    const license = repo.license;
    const licenseName =
      license?.spdx_id && license.spdx_id !== 'NOASSERTION' ? license.spdx_id : (license?.name ?? null);
    return {
      fullName: repo.full_name,
      name: repo.name,
      description: repo.description,
      topics: repo.topics ?? [],
      homepage: repo.homepage?.trim() ? repo.homepage.trim() : null,
      license: licenseName,
      stars: repo.stargazers_count,
      htmlUrl: repo.html_url,
      readmeExcerpt: readme === null ? null : readmeExcerpt(readme),
    };
  });
}
