import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GithubAuthUrl,
  GithubInstallationList,
  GithubRepoPrefill,
  GithubRepositoryList,
  GithubStatus,
} from '../../src/shared/api/github.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { readmeExcerpt } from '../../src/server/features/github/github.service.js';
import { createSecretBox, loadSecretKey } from '../../src/server/lib/secret-box.js';
import { startFakeGithub, type FakeGithub, type FakeGithubAccount } from '../support/fake-github.js';
import { registerAndSignIn, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let github: FakeGithub;
let t: TestApp;

beforeAll(async () => {
  github = await startFakeGithub();
  t = await createTestApp({
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_WEB_URL: github.url,
    GITHUB_API_URL: github.url,
    GITHUB_APP_SLUG: 'agentatlas-test',
  });
});
afterAll(async () => {
  await t.close();
  await github.close();
});

const CALLBACK = 'http://localhost:3000/submit-agent/github-callback';
const README = `# Hello Agent\n\nAn agent that says hello.\n\n## Install\n\n\`\`\`sh\nnpm install hello-agent\n\`\`\`\n`;

let counter = 0;
const person = () => signUpPerson(t);

function githubAccount(login: string): FakeGithubAccount {
  counter += 1;
  return {
    id: 5000 + counter,
    login,
    name: 'Octo Cat',
    emails: [{ email: `${login}@example.com`, primary: true, verified: true }],
    repositories: [
      {
        owner: login,
        name: 'hello-agent',
        description: 'Says hello',
        topics: ['ai', 'agents'],
        homepage: 'https://hello-agent.example',
        license: { spdx_id: 'MIT', name: 'MIT License' },
        stars: 42,
        readme: README,
        language: 'TypeScript',
      },
      { owner: login, name: 'no-readme', readme: null, license: null },
      { owner: 'acme-labs', name: 'team-agent', permission: 'push', stars: 7 },
    ],
  };
}

async function authUrl(cookie: string, flow?: string) {
  return t.request(`/api/github/auth/url${flow ? `?flow=${flow}` : ''}`, { headers: { cookie } });
}

/** Walks the popup: auth URL, GitHub's approval (the fake issues the code), callback. */
async function connect(cookie: string, account: FakeGithubAccount) {
  github.signIn(account);
  const { state } = (await (await authUrl(cookie)).json()) as GithubAuthUrl;
  const code = github.authorize({ redirectUri: CALLBACK, state });
  return t.request('/api/github/auth/callback', {
    method: 'POST',
    headers: { cookie },
    json: { code, state },
  });
}

describe('the GitHub auth URL', () => {
  it('needs a signed-in person', async () => {
    expect((await t.request('/api/github/auth/url')).status).toBe(401);
    expect((await t.request('/api/github/status')).status).toBe(401);
  });

  it('points at GitHub with the client id, the callback page, a state and read:user', async () => {
    const { cookie } = await person();
    const response = await authUrl(cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as GithubAuthUrl;
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(github.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('read:user');
    expect(url.searchParams.get('state')).toBe(body.state);
    expect(body.state.length).toBeGreaterThanOrEqual(20);
  });

  it('sends an additional account to the app installation page', async () => {
    const { cookie } = await person();
    const body = (await (await authUrl(cookie, 'install')).json()) as GithubAuthUrl;
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`${github.url}/apps/agentatlas-test/installations/new`);
    expect(url.searchParams.get('state')).toBe(body.state);
    const page = await fetch(body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Install agentatlas-test');
  });

  it('refuses an unknown flow with 400', async () => {
    const { cookie } = await person();
    const response = await authUrl(cookie, 'steal');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('flow must be connect or install');
  });

  it('answers 503 for the install flow when no GitHub App slug is configured', async () => {
    const noSlug = await createTestApp({
      GITHUB_CLIENT_ID: github.clientId,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_WEB_URL: github.url,
      GITHUB_API_URL: github.url,
    });
    try {
      const cookie = await registerAndSignIn(noSlug, 'no-slug@example.com');
      const install = await noSlug.request('/api/github/auth/url?flow=install', { headers: { cookie } });
      expect(install.status).toBe(503);
      expect((await noSlug.request('/api/github/auth/url', { headers: { cookie } })).status).toBe(200);
      const status = (await (
        await noSlug.request('/api/github/status', { headers: { cookie } })
      ).json()) as GithubStatus;
      expect(status).toMatchObject({ configured: true, canInstall: false });
    } finally {
      await noSlug.close();
    }
  });

  it('answers 503 when GitHub is not configured here', async () => {
    const bare = await createTestApp();
    try {
      const cookie = await registerAndSignIn(bare, 'no-github@example.com');
      const response = await bare.request('/api/github/auth/url', { headers: { cookie } });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toBe(
        'GitHub sign-in is not configured',
      );
      const status = (await (
        await bare.request('/api/github/status', { headers: { cookie } })
      ).json()) as GithubStatus;
      expect(status).toEqual({ configured: false, canInstall: false, connected: false, login: null });
    } finally {
      await bare.close();
    }
  });
});

describe('the GitHub callback', () => {
  it('connects the account and stores the token encrypted', async () => {
    const { cookie, user } = await person();
    const before = (await (
      await t.request('/api/github/status', { headers: { cookie } })
    ).json()) as GithubStatus;
    expect(before).toEqual({ configured: true, canInstall: true, connected: false, login: null });

    const account = githubAccount(`octo${counter}`);
    const response = await connect(cookie, account);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ connected: true, login: account.login });

    const status = (await (
      await t.request('/api/github/status', { headers: { cookie } })
    ).json()) as GithubStatus;
    expect(status).toMatchObject({ connected: true, login: account.login });

    const row = await t.app.db.kysely
      .selectFrom('github_connections')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.login).toBe(account.login);
    expect(row.github_user_id).toBe(String(account.id));
    expect(row.access_token_enc).not.toContain('gho_');
    expect(row.access_token_enc).toMatch(/^v1:/);
    // Every column, as text, is free of anything token-like the fake GitHub issued.
    expect(JSON.stringify(row)).not.toMatch(/gho_[0-9a-f]{32}/);
    expect(JSON.stringify(status)).not.toContain('gho_');
  });

  it('refuses a forged state, a reused state and someone else’s state with 400', async () => {
    const alice = await person();
    const mallory = await person();
    github.signIn(githubAccount(`alice${counter}`));
    const invalid = 'The GitHub authorization is invalid or has expired. Please try again.';

    const forged = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie: alice.cookie },
      json: { code: github.authorize({ redirectUri: CALLBACK, state: 'x' }), state: 'forged-state-value' },
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(invalid);

    // Alice's state presented by Mallory: refused, and Alice can still use it.
    const { state } = (await (await authUrl(alice.cookie)).json()) as GithubAuthUrl;
    const stolen = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie: mallory.cookie },
      json: { code: github.authorize({ redirectUri: CALLBACK, state }), state },
    });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { message: string }).message).toBe(invalid);

    const first = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie: alice.cookie },
      json: { code: github.authorize({ redirectUri: CALLBACK, state }), state },
    });
    expect(first.status).toBe(200);
    const reused = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie: alice.cookie },
      json: { code: github.authorize({ redirectUri: CALLBACK, state }), state },
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toBe(invalid);
  });

  it('refuses a state made for GitHub sign-in', async () => {
    const { cookie } = await person();
    const start = await t.request('/api/auth/github', { redirect: 'manual' });
    const signinState = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const response = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie },
      json: { code: 'anything', state: signinState },
    });
    expect(response.status).toBe(400);
  });

  it('answers 400 with a clear message when GitHub refuses the code', async () => {
    const { cookie } = await person();
    const { state } = (await (await authUrl(cookie)).json()) as GithubAuthUrl;
    const response = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie },
      json: { code: 'not-a-real-code', state },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'GitHub did not accept the authorization code. Please connect GitHub again.',
    );
  });

  it('validates the body', async () => {
    const { cookie } = await person();
    const response = await t.request('/api/github/auth/callback', {
      method: 'POST',
      headers: { cookie },
      json: { state: 'abc' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { details: Record<string, string[]> }).details.code).toEqual([
      'code is required',
    ]);
  });
});

describe('installations, repositories and prefill', () => {
  it('answers 401 "GitHub is not connected" before connecting', async () => {
    const { cookie } = await person();
    const response = await t.request('/api/github/installations', { headers: { cookie } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('GitHub is not connected');
    expect((await t.request('/api/github/installations')).status).toBe(401);
  });

  it('lists one installation per account, their repositories, and prefills from a repository', async () => {
    const { cookie } = await person();
    const account = githubAccount(`mona${counter}`);
    expect((await connect(cookie, account)).status).toBe(200);

    const { installations } = (await (
      await t.request('/api/github/installations', { headers: { cookie } })
    ).json()) as GithubInstallationList;
    expect(installations.map((entry) => [entry.account.login, entry.account.type])).toEqual([
      [account.login, 'User'],
      ['acme-labs', 'Organization'],
    ]);

    const own = installations[0]!;
    const { repositories } = (await (
      await t.request(`/api/github/installations/${own.id}/repositories`, { headers: { cookie } })
    ).json()) as GithubRepositoryList;
    expect(repositories.map((repo) => repo.fullName)).toEqual([
      `${account.login}/hello-agent`,
      `${account.login}/no-readme`,
    ]);
    expect(repositories[0]).toMatchObject({
      name: 'hello-agent',
      owner: account.login,
      description: 'Says hello',
      private: false,
      stars: 42,
      language: 'TypeScript',
      htmlUrl: `${github.url}/${account.login}/hello-agent`,
    });

    const missing = await t.request('/api/github/installations/999999/repositories', { headers: { cookie } });
    expect(missing.status).toBe(404);

    const prefill = (await (
      await t.request(`/api/github/repos/${account.login}/hello-agent`, { headers: { cookie } })
    ).json()) as GithubRepoPrefill;
    expect(prefill).toEqual({
      fullName: `${account.login}/hello-agent`,
      name: 'hello-agent',
      description: 'Says hello',
      topics: ['ai', 'agents'],
      homepage: 'https://hello-agent.example',
      license: 'MIT',
      stars: 42,
      htmlUrl: `${github.url}/${account.login}/hello-agent`,
      readmeExcerpt: README.trim(),
    });

    const bare = (await (
      await t.request(`/api/github/repos/${account.login}/no-readme`, { headers: { cookie } })
    ).json()) as GithubRepoPrefill;
    expect(bare).toMatchObject({ readmeExcerpt: null, license: null, topics: [], homepage: null, stars: 0 });

    const unknown = await t.request(`/api/github/repos/${account.login}/nothing-here`, {
      headers: { cookie },
    });
    expect(unknown.status).toBe(404);
    const badName = await t.request('/api/github/repos/-bad-/x', { headers: { cookie } });
    expect(badName.status).toBe(400);
  });

  it('drops a connection GitHub no longer accepts and answers 401', async () => {
    const { cookie, user } = await person();
    expect((await connect(cookie, githubAccount(`revoked${counter}`))).status).toBe(200);
    github.revokeTokens();
    const response = await t.request('/api/github/installations', { headers: { cookie } });
    expect(response.status).toBe(401);
    const row = await t.app.db.kysely
      .selectFrom('github_connections')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const again = await t.request('/api/github/installations', { headers: { cookie } });
    expect(((await again.json()) as { message: string }).message).toBe('GitHub is not connected');
  });

  it('treats a token sealed with another key (SECRET_KEY changed) as not connected', async () => {
    const { cookie, user } = await person();
    expect((await connect(cookie, githubAccount(`rekeyed${counter}`))).status).toBe(200);
    await t.app.db.kysely
      .updateTable('github_connections')
      .set({ access_token_enc: createSecretBox(Buffer.from('another-key-'.repeat(3))).encrypt('gho_x') })
      .where('user_id', '=', user.id)
      .execute();
    const response = await t.request('/api/github/installations', { headers: { cookie } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('GitHub is not connected');
    const status = (await (
      await t.request('/api/github/status', { headers: { cookie } })
    ).json()) as GithubStatus;
    expect(status.connected).toBe(false);
  });

  it('forgets the connection on DELETE', async () => {
    const { cookie } = await person();
    expect((await connect(cookie, githubAccount(`bye${counter}`))).status).toBe(200);
    const response = await t.request('/api/github/connection', { method: 'DELETE', headers: { cookie } });
    expect(response.status).toBe(204);
    expect((await t.request('/api/github/installations', { headers: { cookie } })).status).toBe(401);
  });
});

describe('expiring GitHub App tokens', () => {
  it('renews an expired token with its refresh token, once, and keeps working', async () => {
    const appGithub = await startFakeGithub({ expiringTokens: true });
    const app = await createTestApp({
      GITHUB_CLIENT_ID: appGithub.clientId,
      GITHUB_CLIENT_SECRET: appGithub.clientSecret,
      GITHUB_WEB_URL: appGithub.url,
      GITHUB_API_URL: appGithub.url,
    });
    try {
      const cookie = await registerAndSignIn(app, 'expiring@example.com');
      appGithub.signIn(githubAccount(`expiring${counter}`));
      const { state } = (await (
        await app.request('/api/github/auth/url', { headers: { cookie } })
      ).json()) as GithubAuthUrl;
      const code = appGithub.authorize({ redirectUri: CALLBACK, state });
      const connected = await app.request('/api/github/auth/callback', {
        method: 'POST',
        headers: { cookie },
        json: { code, state },
      });
      expect(connected.status).toBe(200);
      const db = app.app.db.kysely;
      const stored = await db.selectFrom('github_connections').selectAll().executeTakeFirstOrThrow();
      expect(stored.refresh_token_enc).toMatch(/^v1:/);
      expect(Date.parse(stored.token_expires_at!)).toBeGreaterThan(Date.now() + 7 * 3600 * 1000);

      await db
        .updateTable('github_connections')
        .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const response = await app.request('/api/github/installations', { headers: { cookie } });
      expect(response.status).toBe(200);
      const renewed = await db.selectFrom('github_connections').selectAll().executeTakeFirstOrThrow();
      expect(renewed.access_token_enc).not.toBe(stored.access_token_enc);
      expect(Date.parse(renewed.token_expires_at!)).toBeGreaterThan(Date.now());
      expect(appGithub.requests.filter((line) => line === 'POST /login/oauth/access_token')).toHaveLength(2);

      // A refresh token GitHub no longer accepts ends the connection: 401, connect again.
      await db
        .updateTable('github_connections')
        .set({
          token_expires_at: new Date(Date.now() - 1000).toISOString(),
          refresh_token_enc: stored.refresh_token_enc,
        })
        .execute();
      const refused = await app.request('/api/github/installations', { headers: { cookie } });
      expect(refused.status).toBe(401);
      expect(await db.selectFrom('github_connections').selectAll().executeTakeFirst()).toBeUndefined();
    } finally {
      await app.close();
      await appGithub.close();
    }
  });
});

describe('the README excerpt', () => {
  it('keeps a short README whole and cuts a long one at a paragraph boundary near 3,000 characters', () => {
    expect(readmeExcerpt('# Short\n\nText.\n')).toBe('# Short\n\nText.');
    const paragraph = `${'word '.repeat(99)}end.`;
    const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}: ${paragraph}`).join('\n\n');
    const excerpt = readmeExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(3000);
    expect(excerpt.length).toBeGreaterThan(1500);
    expect(excerpt.endsWith('end.')).toBe(true);
    expect(long.startsWith(excerpt)).toBe(true);
  });

  it('closes a code block the cut leaves open', () => {
    const long = `Intro\n\n\`\`\`js\n${'console.log(1);\n\n'.repeat(300)}\`\`\``;
    const excerpt = readmeExcerpt(long);
    expect((excerpt.match(/^```/gm) ?? []).length % 2).toBe(0);
  });
});

describe('the token sealing', () => {
  it('keeps a generated key in $DATA_DIR/secret.key, readable by this user only, and reuses it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-secret-'));
    try {
      const key = loadSecretKey({ secretKey: undefined, dataDir });
      const file = path.join(dataDir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadSecretKey({ secretKey: undefined, dataDir }).equals(key)).toBe(true);
      const sealed = createSecretBox(key).encrypt('gho_secret');
      expect(sealed).not.toContain('gho_secret');
      expect(createSecretBox(loadSecretKey({ secretKey: undefined, dataDir })).decrypt(sealed)).toBe(
        'gho_secret',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses SECRET_KEY when set, and refuses a tampered value or another key', () => {
    const box = createSecretBox(loadSecretKey({ secretKey: 'k'.repeat(32), dataDir: '/nonexistent' }));
    const sealed = box.encrypt('token');
    expect(box.encrypt('token')).not.toBe(sealed);
    expect(box.decrypt(sealed)).toBe('token');
    // One bit of the ciphertext flipped: changing a character of the text may leave its bytes as they were.
    const [version, payload] = sealed.split(':');
    const bytes = Buffer.from(payload!, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    const flipped = `${version}:${bytes.toString('base64url')}`;
    expect(flipped).not.toBe(sealed);
    expect(() => box.decrypt(flipped)).toThrow();
    expect(() => createSecretBox(Buffer.from('x'.repeat(32))).decrypt(sealed)).toThrow();
  });

  it('refuses a SECRET_KEY shorter than 32 characters, naming the variable', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY: must be at least 32 characters/);
  });
});
