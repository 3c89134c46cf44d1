import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import { startFakeGithub, type FakeGithub } from '../support/fake-github.js';
import { cookieFrom, registerAndSignIn } from '../support/sessions.js';
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
  });
});
afterAll(async () => {
  await t.close();
  await github.close();
});

/** Walks the web flow as a browser would: start, GitHub's authorize page approves, callback. */
async function signInWithGithub(returnPath = '/agents') {
  const start = await t.request(`/api/auth/github?returnPath=${encodeURIComponent(returnPath)}`, {
    redirect: 'manual',
  });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
  expect(authorize.searchParams.get('client_id')).toBe(github.clientId);
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/github/callback');
  const state = authorize.searchParams.get('state')!;
  const code = github.authorize({ redirectUri: authorize.searchParams.get('redirect_uri')!, state });
  return t.request(`/api/auth/github/callback?code=${code}&state=${state}`, { redirect: 'manual' });
}

let nextId = 1000;
const account = (email: string, verified = true) => ({
  id: (nextId += 1),
  login: `octo${nextId}`,
  name: 'Mona Octo',
  emails: [{ email, primary: true, verified }],
});

describe('GitHub sign-in (web flow)', () => {
  it('reports GitHub as available', async () => {
    expect(await (await t.request('/api/auth/providers')).json()).toEqual({ github: true, google: false });
  });

  it('creates an account keyed by the GitHub id, signs in, and returns to /auth-callback with the return path', async () => {
    const mona = account('mona@example.com');
    github.signIn(mona);
    const callback = await signInWithGithub('/agents?q=code');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth-callback?returnPath=%2Fagents%3Fq%3Dcode');
    const user = (await (
      await t.request('/api/auth/user', { headers: { cookie: cookieFrom(callback) } })
    ).json()) as CurrentUser;
    expect(user).toMatchObject({
      email: 'mona@example.com',
      emailVerified: true,
      firstName: 'Mona',
      lastName: 'Octo',
    });
    // The same GitHub id signs into the same account, even after the GitHub address changes.
    github.signIn({ ...mona, emails: [{ email: 'mona-new@example.com', primary: true, verified: true }] });
    const again = await signInWithGithub();
    const sameUser = (await (
      await t.request('/api/auth/user', { headers: { cookie: cookieFrom(again) } })
    ).json()) as CurrentUser;
    expect(sameUser.id).toBe(user.id);
  });

  it('links an existing account only when GitHub reports the address primary and verified', async () => {
    const cookie = await registerAndSignIn(t, 'linked@example.com');
    const existing = (await (
      await t.request('/api/auth/user', { headers: { cookie } })
    ).json()) as CurrentUser;

    github.signIn(account('linked@example.com', false));
    const unverified = await signInWithGithub();
    expect(unverified.headers.get('location')).toMatch(/^\/auth-callback\?error=/);
    const error = new URL(unverified.headers.get('location')!, 'http://x').searchParams.get('error');
    expect(error).toBe('Your GitHub account has no verified primary e-mail address.');

    github.signIn(account('linked@example.com', true));
    const verified = await signInWithGithub();
    const linked = (await (
      await t.request('/api/auth/user', { headers: { cookie: cookieFrom(verified) } })
    ).json()) as CurrentUser;
    expect(linked.id).toBe(existing.id);
  });

  it('refuses a forged or reused state', async () => {
    github.signIn(account('state@example.com'));
    const code = github.authorize({
      redirectUri: 'http://localhost:3000/api/auth/github/callback',
      state: 'forged',
    });
    const forged = await t.request(`/api/auth/github/callback?code=${code}&state=forged`, {
      redirect: 'manual',
    });
    expect(forged.headers.get('location')).toMatch(/^\/auth-callback\?error=/);
    expect(forged.headers.get('set-cookie') ?? '').not.toContain('aa_session=');

    const start = await t.request('/api/auth/github', { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const first = github.authorize({ redirectUri: '', state });
    expect(
      (
        await t.request(`/api/auth/github/callback?code=${first}&state=${state}`, { redirect: 'manual' })
      ).headers.get('location'),
    ).toBe('/auth-callback?returnPath=%2F');
    const second = github.authorize({ redirectUri: '', state });
    const reused = await t.request(`/api/auth/github/callback?code=${second}&state=${state}`, {
      redirect: 'manual',
    });
    expect(reused.headers.get('location')).toMatch(/^\/auth-callback\?error=/);
  });

  it('never returns to another site', async () => {
    github.signIn(account('safe@example.com'));
    for (const returnPath of ['https://evil.example/', '//evil.example/x']) {
      const callback = await signInWithGithub(returnPath);
      expect(callback.headers.get('location')).toBe('/auth-callback?returnPath=%2F');
    }
  });

  it('says so when the person cancels at GitHub', async () => {
    const callback = await t.request('/api/auth/github/callback?error=access_denied&state=x', {
      redirect: 'manual',
    });
    expect(callback.headers.get('location')).toBe(
      `/auth-callback?error=${encodeURIComponent('GitHub sign-in was cancelled.').replace(/%20/g, '+')}`,
    );
  });
});

describe('GitHub sign-in (device flow)', () => {
  it('answers pending until the code is approved at GitHub, then signs in', async () => {
    github.signIn(account('device@example.com'));
    const start = (await (await t.request('/api/auth/github/device', { method: 'POST' })).json()) as {
      handle: string;
      userCode: string;
      verificationUri: string;
    };
    expect(start.userCode).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(start.verificationUri).toBe(`${github.url}/login/device`);
    const pending = await t.request('/api/auth/github/device/poll', {
      method: 'POST',
      json: { handle: start.handle },
    });
    expect(((await pending.json()) as { status: string }).status).toBe('pending');
    // GitHub hands out the token on the first poll after approval, however soon it comes.
    github.approveDevice(start.userCode);
    const done = await t.request('/api/auth/github/device/poll', {
      method: 'POST',
      json: { handle: start.handle },
    });
    const body = (await done.json()) as { status: string; user: CurrentUser };
    expect(body.status).toBe('complete');
    expect(body.user.email).toBe('device@example.com');
    expect((await t.request('/api/auth/user', { headers: { cookie: cookieFrom(done) } })).status).toBe(200);
    const after = await t.request('/api/auth/github/device/poll', {
      method: 'POST',
      json: { handle: start.handle },
    });
    expect(((await after.json()) as { status: string }).status).toBe('expired');
  });

  it('answers denied when the person refuses at GitHub', async () => {
    const start = (await (await t.request('/api/auth/github/device', { method: 'POST' })).json()) as {
      handle: string;
      userCode: string;
    };
    github.denyDevice(start.userCode);
    const denied = await t.request('/api/auth/github/device/poll', {
      method: 'POST',
      json: { handle: start.handle },
    });
    expect(((await denied.json()) as { status: string }).status).toBe('denied');
  });
});

describe('GitHub not configured', () => {
  it('says "GitHub sign-in is not configured" instead of a broken redirect', async () => {
    const bare = await createTestApp();
    try {
      expect(await (await bare.request('/api/auth/providers')).json()).toEqual({
        github: false,
        google: false,
      });
      const start = await bare.request('/api/auth/github', { redirect: 'manual' });
      expect(start.headers.get('location')).toBe('/auth-callback?error=GitHub+sign-in+is+not+configured');
      const device = await bare.request('/api/auth/github/device', { method: 'POST' });
      expect(device.status).toBe(503);
      expect(await device.json()).toEqual({ message: 'GitHub sign-in is not configured' });
    } finally {
      await bare.close();
    }
  });
});
