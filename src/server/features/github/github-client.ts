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
  | { kind: 'token'; accessToken: string; scope: string }
  | { kind: 'pending' | 'slow_down' | 'expired' | 'denied' | 'bad_code' };

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  expiresIn: number;
  interval: number;
}

const TIMEOUT_MS = 10_000;

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

  async function call<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppError('unavailable', 'GitHub could not be reached. Please try again.');
    }
    if (!response.ok) {
      if (response.status === 401)
        throw new AppError('authentication', 'GitHub did not accept the authorization.');
      throw new AppError('unavailable', `GitHub answered ${response.status}. Please try again.`);
    }
    return (await response.json()) as T;
  }

  const api = <T>(path: string, token: string) =>
    call<T>(`${config.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'user-agent': 'AgentAtlas',
      },
    });

  function tokenAnswer(body: { access_token?: string; scope?: string; error?: string }): TokenAnswer {
    if (body.access_token) return { kind: 'token', accessToken: body.access_token, scope: body.scope ?? '' };
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
      const body = await call<{ access_token?: string; scope?: string; error?: string }>(
        `${config.webUrl}/login/oauth/access_token`,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: id, client_secret: secret, code, redirect_uri: redirectUri }),
        },
      );
      return tokenAnswer(body);
    },

    async startDeviceFlow(scope: string): Promise<DeviceCode> {
      const { clientId: id } = requireConfigured();
      const body = await call<{
        device_code: string;
        user_code: string;
        verification_uri: string;
        expires_in: number;
        interval: number;
      }>(`${config.webUrl}/login/device/code`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: id, scope }),
      });
      return {
        deviceCode: body.device_code,
        userCode: body.user_code,
        verificationUri: body.verification_uri,
        expiresIn: body.expires_in,
        interval: body.interval,
      };
    },

    async pollDeviceFlow(deviceCode: string): Promise<TokenAnswer> {
      const { clientId: id } = requireConfigured();
      const body = await call<{ access_token?: string; scope?: string; error?: string }>(
        `${config.webUrl}/login/oauth/access_token`,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: id,
            device_code: deviceCode,
            grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          }),
        },
      );
      return tokenAnswer(body);
    },

    getUser: (token: string) => api<GithubUser>('/user', token),
    getEmails: (token: string) => api<GithubEmail[]>('/user/emails', token),
  };
}

export type GithubClient = ReturnType<typeof createGithubClient>;
