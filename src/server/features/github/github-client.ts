import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';

export interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
}

export interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export type TokenAnswer =
  | {
      kind: 'token';
      accessToken: string;
      scope: string;
      /** GitHub App user tokens may expire; OAuth App tokens do not and come without these. */
      refreshToken?: string;
      expiresIn?: number;
    }
  | { kind: 'pending' | 'slow_down' | 'expired' | 'denied' | 'bad_code' };

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  expiresIn: number;
  interval: number;
}

export interface GithubInstallationAnswer {
  id: number;
  account: { login: string; type: string; avatar_url?: string | null } | null;
}

export interface GithubRepoAnswer {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string };
  description: string | null;
  private: boolean;
  html_url: string;
  stargazers_count: number;
  language: string | null;
  updated_at: string | null;
  topics?: string[];
  homepage: string | null;
  license: { spdx_id: string | null; name: string | null } | null;
  /** The token's user's rights on the repository (present when asked with a user token). */
  permissions?: { admin: boolean; maintain?: boolean; push: boolean; triage?: boolean; pull: boolean };
}

/** GitHub's answer to a token request: a token, or an error code (the device flow's "pending" among them). */
interface TokenBody {
  access_token?: string;
  scope?: string;
  error?: string;
  refresh_token?: string;
  expires_in?: number;
}

const TIMEOUT_MS = 10_000;
const PAGE_SIZE = 100;
/** Installations and repositories are read at most this many pages deep (500 entries). */
const MAX_PAGES = 5;

/**
 * GitHub's OAuth and REST API, at the addresses of GITHUB_WEB_URL / GITHUB_API_URL so tests can
 * point them at a local fake that speaks the same protocol.
 */
export function createGithubClient(config: Config['github']) {
  const clientId = config.clientId;
  const clientSecret = config.clientSecret;

  function requireConfigured() {
    if (!clientId || !clientSecret) throw new AppError('unavailable', 'GitHub sign-in is not configured');
    return { clientId, clientSecret };
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppError('unavailable', 'GitHub could not be reached. Please try again.');
    }
  }

  function failure(response: Response): AppError {
    if (response.status === 401)
      return new AppError('authentication', 'GitHub did not accept the authorization.');
    return new AppError('unavailable', `GitHub answered ${response.status}. Please try again.`);
  }

  async function readJson<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch {
      throw new AppError('unavailable', 'GitHub sent an answer that could not be read. Please try again.');
    }
  }

  async function call<T>(url: string, init: RequestInit): Promise<T> {
    const response = await send(url, init);
    if (!response.ok) throw failure(response);
    return readJson<T>(response);
  }

  const apiHeaders = (token: string) => ({
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${token}`,
    'user-agent': 'AgentAtlas',
    'x-github-api-version': '2022-11-28',
  });

  const api = <T>(path: string, token: string) =>
    call<T>(`${config.apiUrl}${path}`, { headers: apiHeaders(token) });

  /** Like api, but a 404 (no such thing, or no access to it) answers null. */
  async function apiOrNull<T>(path: string, token: string): Promise<T | null> {
    const response = await send(`${config.apiUrl}${path}`, { headers: apiHeaders(token) });
    if (response.status === 404) return null;
    if (!response.ok) throw failure(response);
    return readJson<T>(response);
  }

  /**
   * Reads GitHub's `{ total_count, <key>: [...] }` pages until a short page or MAX_PAGES; null when
   * the first page is a 404 (the collection's parent does not exist or is not visible).
   */
  async function paged<T>(path: string, key: string, token: string): Promise<T[] | null> {
    const items: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const body = await apiOrNull<Record<string, unknown>>(
        `${path}?per_page=${PAGE_SIZE}&page=${page}`,
        token,
      );
      if (!body) return page === 1 ? null : items;
      const batch = Array.isArray(body[key]) ? (body[key] as T[]) : [];
      items.push(...batch);
      if (batch.length < PAGE_SIZE) break;
    }
    return items;
  }

  const repoPath = (owner: string, repo: string) =>
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

  /** A JSON POST to GitHub's web host (OAuth and device flow endpoints). */
  const postToWeb = <T>(path: string, payload: Record<string, string>) =>
    call<T>(`${config.webUrl}${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });

  /** Asks for an access token (a code, a refresh token or a device code traded) and reads the answer. */
  const requestToken = async (payload: Record<string, string>) =>
    tokenAnswer(await postToWeb<TokenBody>('/login/oauth/access_token', payload));

  function tokenAnswer(body: TokenBody): TokenAnswer {
    if (body.access_token)
      return {
        kind: 'token',
        accessToken: body.access_token,
        scope: body.scope ?? '',
        ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
        ...(typeof body.expires_in === 'number' ? { expiresIn: body.expires_in } : {}),
      };
    switch (body.error) {
      case 'authorization_pending':
        return { kind: 'pending' };
      case 'slow_down':
        return { kind: 'slow_down' };
      case 'expired_token':
        return { kind: 'expired' };
      case 'access_denied':
        return { kind: 'denied' };
      default:
        return { kind: 'bad_code' };
    }
  }

  return {
    get configured() {
      return Boolean(clientId && clientSecret);
    },

    authorizeUrl(options: { state: string; redirectUri: string; scope: string }) {
      const { clientId: id } = requireConfigured();
      const url = new URL(`${config.webUrl}/login/oauth/authorize`);
      url.searchParams.set('client_id', id);
      url.searchParams.set('redirect_uri', options.redirectUri);
      url.searchParams.set('scope', options.scope);
      url.searchParams.set('state', options.state);
      url.searchParams.set('allow_signup', 'true');
      return url.toString();
    },

    async exchangeCode(code: string, redirectUri: string): Promise<TokenAnswer> {
      const { clientId: id, clientSecret: secret } = requireConfigured();
      return requestToken({ client_id: id, client_secret: secret, code, redirect_uri: redirectUri });
    },

    async startDeviceFlow(scope: string): Promise<DeviceCode> {
      const { clientId: id } = requireConfigured();
      const body = await postToWeb<{
        device_code: string;
        user_code: string;
        verification_uri: string;
        expires_in: number;
        interval: number;
      }>('/login/device/code', { client_id: id, scope });
      return {
        deviceCode: body.device_code,
        userCode: body.user_code,
        verificationUri: body.verification_uri,
        expiresIn: body.expires_in,
        interval: body.interval,
      };
    },

    /** Trades a GitHub App refresh token for a new token pair (user tokens of apps expire after hours). */
    async refreshUserToken(refreshToken: string): Promise<TokenAnswer> {
      const { clientId: id, clientSecret: secret } = requireConfigured();
      return requestToken({
        client_id: id,
        client_secret: secret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
    },

    async pollDeviceFlow(deviceCode: string): Promise<TokenAnswer> {
      const { clientId: id } = requireConfigured();
      return requestToken({
        client_id: id,
        device_code: deviceCode,
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      });
    },

    get appSlug() {
      return config.appSlug;
    },

    /** GitHub's page for installing the app on another account or organization. */
    installUrl(state: string) {
      if (!config.appSlug) throw new AppError('unavailable', 'GitHub App installation is not configured');
      const url = new URL(`${config.webUrl}/apps/${encodeURIComponent(config.appSlug)}/installations/new`);
      url.searchParams.set('state', state);
      return url.toString();
    },

    getUser: (token: string) => api<GithubUser>('/user', token),
    getEmails: (token: string) => api<GithubEmail[]>('/user/emails', token),

    /** The app's installations the token's user can reach (GitHub App user-to-server tokens). */
    listInstallations: async (token: string) =>
      (await paged<GithubInstallationAnswer>('/user/installations', 'installations', token)) ?? [],

    /** Repositories of one installation the token's user can reach; null when the installation is unknown. */
    listInstallationRepositories: (token: string, installationId: number) =>
      paged<GithubRepoAnswer>(`/user/installations/${installationId}/repositories`, 'repositories', token),

    /** A repository with the token's user's permissions on it; null when it is missing or not visible. */
    getRepo: (token: string, owner: string, repo: string) =>
      apiOrNull<GithubRepoAnswer>(repoPath(owner, repo), token),

    /** The README's Markdown, or null when the repository has none. */
    async getReadme(token: string, owner: string, repo: string): Promise<string | null> {
      const body = await apiOrNull<{ content?: string; encoding?: string }>(
        `${repoPath(owner, repo)}/readme`,
        token,
      );
      if (!body?.content) return null;
      if (body.encoding && body.encoding !== 'base64') return body.content;
      return Buffer.from(body.content, 'base64').toString('utf8');
    },
  };
}

export type GithubClient = ReturnType<typeof createGithubClient>;
