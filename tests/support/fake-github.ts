import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubRepo {
  owner: string;
  name: string;
  description?: string | null;
  topics?: string[];
  homepage?: string | null;
  license?: { spdx_id: string; name: string } | null;
  stars?: number;
  readme?: string | null;
  private?: boolean;
  language?: string | null;
  /** The account's own right on the repository; admin when not given. */
  permission?: 'admin' | 'maintain' | 'push' | 'triage' | 'pull';
}

export interface FakeGithubAccount {
  id: number;
  login: string;
  name: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
  /** Repositories the account reaches through the app: one installation per distinct owner. */
  repositories?: FakeGithubRepo[];
}

export interface FakeGithub {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The account that is "signed in at GitHub" and approves requests. */
  signIn(account: FakeGithubAccount): void;
  /** Approves a pending device code as the signed-in account. */
  approveDevice(userCode: string): void;
  denyDevice(userCode: string): void;
  /** Issues an authorization code as GitHub's authorize page would, for API tests that skip the browser. */
  authorize(options: { redirectUri: string; state: string }): string;
  /** Makes every token issued so far answer 401 Bad credentials, as a revoked authorization does. */
  revokeTokens(): void;
  requests: string[];
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

async function readBody(request: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * A local stand-in for github.com and api.github.com that speaks the parts of GitHub's real
 * protocol AgentAtlas uses: the OAuth web flow, the device flow, /user and /user/emails, and the
 * GitHub App user-to-server calls: installations, their repositories, a repository with the
 * token's user's permissions, and its README.
 */
export async function startFakeGithub(
  options: {
    deviceInterval?: number;
    port?: number;
    /** Answer codes as a GitHub App with expiring user tokens does: expires_in and a refresh_token. */
    expiringTokens?: boolean;
  } = {},
): Promise<FakeGithub> {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  let current: FakeGithubAccount | null = null;
  const codes = new Map<string, { account: FakeGithubAccount; redirectUri: string }>();
  const tokens = new Map<string, FakeGithubAccount>();
  const refreshTokens = new Map<string, FakeGithubAccount>();
  // The latest version of each account, so repositories given at a later sign-in are seen by older tokens.
  const latest = new Map<number, FakeGithubAccount>();
  // Installation ids stay the same for the same owner for the life of the fake.
  const installationIds = new Map<string, number>();
  const repoIds = new Map<string, number>();
  const devices = new Map<
    string,
    { userCode: string; account: FakeGithubAccount | null; denied: boolean; lastPoll: number }
  >();
  const requests: string[] = [];

  function issueCode(redirectUri: string) {
    if (!current) throw new Error('nobody is signed in at the fake GitHub');
    const code = randomBytes(10).toString('hex');
    codes.set(code, { account: current, redirectUri });
    return code;
  }

  function remember(account: FakeGithubAccount | null) {
    if (account && typeof account.id === 'number') latest.set(account.id, account);
  }

  function installationIdFor(owner: string) {
    const key = owner.toLowerCase();
    if (!installationIds.has(key)) installationIds.set(key, 40_000 + installationIds.size + 1);
    return installationIds.get(key)!;
  }

  function repositoryObject(repo: FakeGithubRepo, account: FakeGithubAccount) {
    const fullName = `${repo.owner}/${repo.name}`;
    const key = fullName.toLowerCase();
    if (!repoIds.has(key)) repoIds.set(key, 700_000 + repoIds.size + 1);
    return {
      id: repoIds.get(key)!,
      node_id: `R_${repoIds.get(key)!}`,
      name: repo.name,
      full_name: fullName,
      owner: {
        login: repo.owner,
        type: repo.owner.toLowerCase() === account.login.toLowerCase() ? 'User' : 'Organization',
      },
      description: repo.description ?? null,
      private: repo.private ?? false,
      html_url: `${fake.url}/${fullName}`,
      stargazers_count: repo.stars ?? 0,
      language: repo.language ?? null,
      updated_at: '2026-01-15T10:00:00Z',
      topics: repo.topics ?? [],
      homepage: repo.homepage ?? null,
      license: repo.license ? { key: repo.license.spdx_id.toLowerCase(), ...repo.license } : null,
    };
  }

  const ranks = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;
  function permissionsOf(repo: FakeGithubRepo) {
    const rank = ranks.indexOf(repo.permission ?? 'admin');
    return {
      admin: rank >= 4,
      maintain: rank >= 3,
      push: rank >= 2,
      triage: rank >= 1,
      pull: rank >= 0,
    };
  }

  function findRepo(account: FakeGithubAccount, owner: string, name: string) {
    return (account.repositories ?? []).find(
      (repo) =>
        repo.owner.toLowerCase() === owner.toLowerCase() && repo.name.toLowerCase() === name.toLowerCase(),
    );
  }

  function issueToken(account: FakeGithubAccount) {
    const token = `gho_${randomBytes(16).toString('hex')}`;
    tokens.set(token, account);
    return token;
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-github.local');
    requests.push(`${request.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>GitHub (fake)</title></head><body>${body}</body></html>`,
      );
    };
    const bearer = () => {
      const account = tokens.get((request.headers.authorization ?? '').replace(/^(Bearer|token) /, ''));
      return account ? (latest.get(account.id) ?? account) : undefined;
    };

    try {
      if (url.pathname === '/favicon.ico') {
        response.writeHead(204);
        return response.end();
      }
      // Test control, for browser tests in another process: who is signed in at "GitHub".
      if (request.method === 'POST' && url.pathname === '/_fake/sign-in') {
        current = (await readBody(request)) as unknown as FakeGithubAccount;
        remember(current);
        return json(200, { ok: true });
      }
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const clientOk = url.searchParams.get('client_id') === clientId;
        if (!clientOk) return html('<h1>Unknown application</h1>');
        const approve = new URL('/login/oauth/authorize/approve', 'http://x');
        approve.search = url.search;
        return html(
          `<main><h1>Authorize AgentAtlas</h1><p>Signed in as ${escapeHtml(current?.login ?? 'nobody')}</p>` +
            `<a id="authorize" href="${escapeHtml(approve.pathname + approve.search)}">Authorize</a></main>`,
        );
      }
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize/approve') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const code = issueCode(redirectUri);
        const target = new URL(redirectUri);
        target.searchParams.set('code', code);
        target.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: target.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const body = await readBody(request);
        if (body.client_id !== clientId) return json(200, { error: 'incorrect_client_credentials' });
        if (body.grant_type === 'urn:ietf:params:oauth:grant-type:device_code') {
          const device = devices.get(body.device_code ?? '');
          if (!device) return json(200, { error: 'expired_token' });
          const now = Date.now();
          const tooSoon = now - device.lastPoll < (options.deviceInterval ?? 1) * 1000 - 200;
          device.lastPoll = now;
          if (device.denied) return json(200, { error: 'access_denied' });
          if (!device.account) return json(200, { error: tooSoon ? 'slow_down' : 'authorization_pending' });
          devices.delete(body.device_code!);
          return json(200, {
            access_token: issueToken(device.account),
            token_type: 'bearer',
            scope: 'read:user,user:email',
          });
        }
        if (body.client_secret !== clientSecret) return json(200, { error: 'incorrect_client_credentials' });
        let account: FakeGithubAccount | undefined;
        if (body.grant_type === 'refresh_token') {
          // Refresh tokens work once, as GitHub's do.
          account = refreshTokens.get(body.refresh_token ?? '');
          if (!account) return json(200, { error: 'bad_refresh_token' });
          refreshTokens.delete(body.refresh_token!);
        } else {
          const entry = codes.get(body.code ?? '');
          if (!entry) return json(200, { error: 'bad_verification_code' });
          codes.delete(body.code!);
          account = entry.account;
        }
        const refresh = `ghr_${randomBytes(16).toString('hex')}`;
        if (options.expiringTokens) refreshTokens.set(refresh, account);
        return json(200, {
          access_token: issueToken(account),
          token_type: 'bearer',
          scope: options.expiringTokens ? '' : 'read:user,user:email',
          ...(options.expiringTokens
            ? { expires_in: 28_800, refresh_token: refresh, refresh_token_expires_in: 15_897_600 }
            : {}),
        });
      }
      if (request.method === 'POST' && url.pathname === '/login/device/code') {
        const body = await readBody(request);
        if (body.client_id !== clientId) return json(401, { error: 'unauthorized_client' });
        const deviceCode = randomBytes(12).toString('hex');
        const userCode = `${randomBytes(2).toString('hex').toUpperCase()}-${randomBytes(2).toString('hex').toUpperCase()}`;
        devices.set(deviceCode, { userCode, account: null, denied: false, lastPoll: 0 });
        return json(200, {
          device_code: deviceCode,
          user_code: userCode,
          verification_uri: `${fake.url}/login/device`,
          expires_in: 900,
          interval: options.deviceInterval ?? 1,
        });
      }
      if (url.pathname === '/login/device') {
        if (request.method === 'POST') {
          const body = await readBody(request);
          fake.approveDevice(body.user_code ?? '');
          return html(
            '<main><h1>Congratulations, you\u2019re all set!</h1><p>Your device is now connected.</p></main>',
          );
        }
        return html(
          '<main><h1>Device activation</h1><form method="post"><label>Code <input name="user_code"></label>' +
            '<button type="submit">Continue</button></form></main>',
        );
      }
      if (request.method === 'GET' && url.pathname === '/user') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        const primary = account.emails.find((entry) => entry.primary);
        return json(200, {
          id: account.id,
          login: account.login,
          name: account.name,
          email: primary?.email ?? null,
        });
      }
      if (request.method === 'GET' && url.pathname === '/user/emails') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        return json(
          200,
          account.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'public' : null })),
        );
      }
      if (request.method === 'GET' && url.pathname === '/user/installations') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        const owners = new Map<string, string>();
        for (const repo of account.repositories ?? [])
          if (!owners.has(repo.owner.toLowerCase())) owners.set(repo.owner.toLowerCase(), repo.owner);
        const installations = [...owners.values()].map((owner) => ({
          id: installationIdFor(owner),
          account: {
            login: owner,
            type: owner.toLowerCase() === account.login.toLowerCase() ? 'User' : 'Organization',
            avatar_url: `${fake.url}/avatars/${encodeURIComponent(owner)}.png`,
          },
          app_slug: 'agentatlas',
          target_type: owner.toLowerCase() === account.login.toLowerCase() ? 'User' : 'Organization',
        }));
        return json(200, { total_count: installations.length, installations });
      }
      const installationRepos = /^\/user\/installations\/(\d+)\/repositories$/.exec(url.pathname);
      if (request.method === 'GET' && installationRepos) {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        const id = Number(installationRepos[1]);
        const repos = (account.repositories ?? []).filter((repo) => installationIdFor(repo.owner) === id);
        if (repos.length === 0) return json(404, { message: 'Not Found' });
        return json(200, {
          total_count: repos.length,
          repositories: repos.map((repo) => repositoryObject(repo, account)),
        });
      }
      const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/readme)?$/.exec(url.pathname);
      if (request.method === 'GET' && repoPath) {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        const repo = findRepo(account, decodeURIComponent(repoPath[1]!), decodeURIComponent(repoPath[2]!));
        if (!repo) return json(404, { message: 'Not Found' });
        if (!repoPath[3])
          return json(200, { ...repositoryObject(repo, account), permissions: permissionsOf(repo) });
        if (repo.readme === undefined || repo.readme === null) return json(404, { message: 'Not Found' });
        if ((request.headers.accept ?? '').includes('application/vnd.github.raw')) {
          response.writeHead(200, { 'content-type': 'application/vnd.github.raw; charset=utf-8' });
          return response.end(repo.readme);
        }
        // GitHub wraps the base64 body at 60 characters a line.
        const content = (
          Buffer.from(repo.readme, 'utf8')
            .toString('base64')
            .match(/.{1,60}/g) ?? []
        ).join('\n');
        return json(200, {
          type: 'file',
          encoding: 'base64',
          name: 'README.md',
          path: 'README.md',
          size: Buffer.byteLength(repo.readme),
          content,
        });
      }
      const install = /^\/apps\/([^/]+)\/installations\/new$/.exec(url.pathname);
      if (request.method === 'GET' && install) {
        return html(
          `<main><h1>Install ${escapeHtml(decodeURIComponent(install[1]!))}</h1>` +
            `<p>Signed in as ${escapeHtml(current?.login ?? 'nobody')}</p>` +
            '<p>Choose where to install the app.</p></main>',
        );
      }
      json(404, { message: 'Not Found' });
    } catch (error) {
      json(500, { message: String(error) });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeGithub = {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    signIn(account) {
      current = account;
      remember(account);
    },
    approveDevice(userCode) {
      for (const device of devices.values())
        if (device.userCode === userCode.trim().toUpperCase()) device.account = current;
    },
    denyDevice(userCode) {
      for (const device of devices.values()) if (device.userCode === userCode) device.denied = true;
    },
    authorize({ redirectUri }) {
      return issueCode(redirectUri);
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
