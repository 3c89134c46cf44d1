import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { ReviewListResponse } from '../../src/shared/api/reviews.js';
import { factories } from '../support/factories.js';
import { readOutbox, waitForMailLink } from '../support/mail.js';
import { cookieFrom, registerAndSignIn, TEST_PASSWORD } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let counter = 0;
const freshEmail = () => `person-${Date.now()}-${(counter += 1)}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(() => t.close());

async function currentUser(cookie: string) {
  return t.request('/api/auth/user', { headers: { cookie } });
}

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return t.request('/api/auth/login', { method: 'POST', json: { username, password }, headers });
}

describe('registration', () => {
  it('creates the account, signs it in, and mails a verification link', async () => {
    const email = freshEmail();
    const response = await t.request('/api/auth/register', {
      method: 'POST',
      json: {
        organizationType: 'enterprise',
        email,
        password: TEST_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        companyName: 'Analytical Engines',
        companyWebsite: 'https://engines.example',
        username: email,
        userType: 'developer',
      },
    });
    expect(response.status).toBe(201);
    const user = (await response.json()) as CurrentUser;
    expect(user).toMatchObject({
      username: email,
      email,
      firstName: 'Ada',
      organizationType: 'enterprise',
      companyName: 'Analytical Engines',
      emailVerified: false,
      role: 'user',
    });
    expect(user).not.toHaveProperty('password_hash');
    const cookie = cookieFrom(response);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(response.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
    expect(((await (await currentUser(cookie)).json()) as CurrentUser).email).toBe(email);
    const link = await waitForMailLink(t.config.dataDir, email, 'http://localhost:3000/verify-email?token=');
    expect(link).toMatch(/token=[\w-]{20,}/);
  });

  it('defaults the organisation type to individual and normalises the e-mail', async () => {
    const email = freshEmail();
    const response = await t.request('/api/auth/register', {
      method: 'POST',
      json: { email: `  ${email.toUpperCase()} `, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ email, organizationType: 'individual' });
  });

  it('answers a second registration of the same address with 409', async () => {
    const email = freshEmail();
    await registerAndSignIn(t, email);
    const again = await t.request('/api/auth/register', {
      method: 'POST',
      json: { email: email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'An account with this email already exists. Please log in instead.',
    );
  });

  it.each([
    [{ password: TEST_PASSWORD }, 'email', 'Email is required'],
    [{ email: 'nope', password: TEST_PASSWORD }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
    [{ email: 'a@example.com', password: 'Sh0rt!' }, 'password', 'Password must be at least 8 characters'],
    [
      { email: 'a@example.com', password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      { email: 'a@example.com', password: 'password123' },
      'password',
      'This password is too common. Choose one that is harder to guess.',
    ],
    [
      { email: 'a@example.com', password: TEST_PASSWORD, organizationType: 'club' },
      'organizationType',
      'Invalid option: expected one of "individual"|"enterprise"',
    ],
  ])('refuses %j with 400 on %s', async (json, field, message) => {
    const response = await t.request('/api/auth/register', { method: 'POST', json });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { details: Record<string, string[]> };
    expect(body.details[field]).toContain(message);
  });

  it('accepts a 128-character password of any characters, without truncating it', async () => {
    const email = freshEmail();
    const password = `${'é漢🙂'.repeat(30)}${'x'.repeat(8)}`.slice(0, 128);
    await registerAndSignIn(t, email, password);
    expect((await login(email, password)).status).toBe(200);
    expect((await login(email, password.slice(0, 127))).status).toBe(401);
  });
});

describe('login and logout', () => {
  it('signs in with the e-mail in username, in any case, with a new session token each time', async () => {
    const email = freshEmail();
    const firstCookie = await registerAndSignIn(t, email);
    const response = await login(email.toUpperCase(), TEST_PASSWORD, { cookie: firstCookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: email });
    const secondCookie = cookieFrom(response);
    expect(secondCookie).not.toBe(firstCookie);
    // The session the login replaced is over.
    expect((await currentUser(firstCookie)).status).toBe(401);
    expect((await currentUser(secondCookie)).status).toBe(200);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const email = freshEmail();
    await registerAndSignIn(t, email);
    const wrong = await login(email, 'Wrong-Password-1');
    const unknown = await login(freshEmail(), 'Wrong-Password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password.' });
    expect(await unknown.json()).toEqual({ message: 'Invalid email or password.' });
  });

  it('ends the session at logout, and a cookie of a deleted session is no session', async () => {
    const cookie = await registerAndSignIn(t, freshEmail());
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect((await currentUser(cookie)).status).toBe(401);
  });

  it('ends a session after 30 idle minutes; a heartbeat keeps it alive', async () => {
    const cookie = await registerAndSignIn(t, freshEmail());
    expect((await t.request('/api/auth/heartbeat', { method: 'POST', headers: { cookie } })).status).toBe(
      204,
    );
    const token = /aa_session=([^;]+)/.exec(cookie)![1]!;
    const { hashToken } = await import('../../src/server/plugins/session.js');
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ last_active_at: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await currentUser(cookie)).status).toBe(401);
    expect((await t.request('/api/auth/heartbeat', { method: 'POST', headers: { cookie } })).status).toBe(
      401,
    );
  });

  it('force-logout ends every session of the account', async () => {
    const email = freshEmail();
    const first = await registerAndSignIn(t, email);
    const second = cookieFrom(await login(email, TEST_PASSWORD));
    expect(
      (await t.request('/api/auth/force-logout', { method: 'POST', headers: { cookie: second } })).status,
    ).toBe(204);
    expect((await currentUser(first)).status).toBe(401);
    expect((await currentUser(second)).status).toBe(401);
  });

  it('refuses a login posted from a foreign origin', async () => {
    const response = await login('x@example.com', 'whatever1', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed link once; the link then stops working', async () => {
    const email = freshEmail();
    const cookie = await registerAndSignIn(t, email);
    const link = await waitForMailLink(t.config.dataDir, email, 'http://localhost:3000/verify-email?token=');
    const token = new URL(link).searchParams.get('token')!;
    const first = await t.request('/api/auth/verify-email', { method: 'POST', json: { token } });
    expect(first.status).toBe(200);
    expect(((await (await currentUser(cookie)).json()) as CurrentUser).emailVerified).toBe(true);
    const second = await t.request('/api/auth/verify-email', { method: 'POST', json: { token } });
    expect(second.status).toBe(400);
    expect(((await second.json()) as { message: string }).message).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    const email = freshEmail();
    await registerAndSignIn(t, email);
    const link = await waitForMailLink(t.config.dataDir, email, 'http://localhost:3000/verify-email?token=');
    await t.app.db.kysely
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'verify_email')
      .execute();
    const response = await t.request('/api/auth/verify-email', {
      method: 'POST',
      json: { token: new URL(link).searchParams.get('token') },
    });
    expect(response.status).toBe(400);
  });

  it('grants admin to an ADMIN_EMAILS address only once it is verified', async () => {
    await t.app.db.kysely.deleteFrom('users').where('email', '=', 'boss@example.com').execute();
    const cookie = await registerAndSignIn(t, 'boss@example.com');
    expect(((await (await currentUser(cookie)).json()) as CurrentUser).role).toBe('user');
    const link = await waitForMailLink(
      t.config.dataDir,
      'boss@example.com',
      'http://localhost:3000/verify-email?token=',
    );
    await t.request('/api/auth/verify-email', {
      method: 'POST',
      json: { token: new URL(link).searchParams.get('token') },
    });
    expect(((await (await currentUser(cookie)).json()) as CurrentUser).role).toBe('admin');
  });

  it('resends a link with the same answer for known and unknown addresses', async () => {
    const email = freshEmail();
    await registerAndSignIn(t, email);
    const known = await t.request('/api/auth/send-verification-email', { method: 'POST', json: { email } });
    const unknown = await t.request('/api/auth/send-verification-email', {
      method: 'POST',
      json: { email: freshEmail() },
    });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });
});

describe('password reset', () => {
  it('answers the same for every address, resets with the link once, and ends every session', async () => {
    const email = freshEmail();
    const cookie = await registerAndSignIn(t, email);
    const known = await t.request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const unknown = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: freshEmail() },
    });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const link = await waitForMailLink(
      t.config.dataDir,
      email,
      'http://localhost:3000/reset-password?token=',
    );
    const token = new URL(link).searchParams.get('token')!;

    const common = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'password1' },
    });
    expect(common.status).toBe(400);
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'Brand-New-Secret-9' },
    });
    expect(reset.status).toBe(200);
    expect((await currentUser(cookie)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, 'Brand-New-Secret-9')).status).toBe(200);
    const reused = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'Another-Secret-8' },
    });
    expect(reused.status).toBe(400);
  });

  it('writes no mail for an unknown address, and answers it as for a known one', async () => {
    const unknown = freshEmail();
    const known = freshEmail();
    await registerAndSignIn(t, known);
    const forUnknown = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: unknown },
    });
    const forKnown = await t.request('/api/auth/forgot-password', { method: 'POST', json: { email: known } });
    expect(forUnknown.status).toBe(200);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    // The known address's reset mail is written after the unknown one would have been: once it is there,
    // a mail to the unknown address would be too.
    await waitForMailLink(t.config.dataDir, known, 'http://localhost:3000/reset-password?token=');
    expect(readOutbox(t.config.dataDir).filter((message) => message.to.includes(unknown))).toEqual([]);
  });
});

describe('profile, password change and account deletion', () => {
  it('updates the profile, including showing the person anonymously', async () => {
    const cookie = await registerAndSignIn(t, freshEmail());
    const response = await t.request('/api/auth/profile', {
      method: 'PUT',
      headers: { cookie },
      json: { firstName: 'Grace', lastName: 'Hopper', isAnonymous: true },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      isAnonymous: true,
    });
    expect((await t.request('/api/auth/profile', { method: 'PUT', json: { firstName: 'X' } })).status).toBe(
      401,
    );
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const email = freshEmail();
    const other = await registerAndSignIn(t, email);
    const mine = cookieFrom(await login(email, TEST_PASSWORD));
    const wrong = await t.request('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie: mine },
      json: { currentPassword: 'not-it-at-all', newPassword: 'Fresh-Secret-77' },
    });
    expect(wrong.status).toBe(400);
    const changed = await t.request('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie: mine },
      json: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Secret-77' },
    });
    expect(changed.status).toBe(200);
    expect((await currentUser(mine)).status).toBe(200);
    expect((await currentUser(other)).status).toBe(401);
  });

  it('deletes the account with its password; its reviews stay, shown as Anonymous', async () => {
    const email = freshEmail();
    const cookie = await registerAndSignIn(t, email);
    const user = (await (await currentUser(cookie)).json()) as CurrentUser;
    const f = factories(t.app);
    const agent = await f.createAgent();
    const author = await t.app.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await f.createReview({ agent, user: author, rating: 5 });
    const refused = await t.request('/api/auth/delete-account', {
      method: 'POST',
      headers: { cookie },
      json: { password: 'nope' },
    });
    expect(refused.status).toBe(400);
    const deleted = await t.request('/api/auth/delete-account', {
      method: 'POST',
      headers: { cookie },
      json: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect((await currentUser(cookie)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    t.app.responseCache.invalidate();
    const reviews = (await (await t.request(`/api/agents/${agent.id}/reviews`)).json()) as ReviewListResponse;
    expect(reviews.reviews[0]?.author.displayName).toBe('Anonymous');
    // The address is free again.
    expect(
      (await t.request('/api/auth/register', { method: 'POST', json: { email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(201);
  });
});

describe('rate limits at their real size', () => {
  it('limits logins per account from one address, with the same answer for known and unknown accounts', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let index = 0; index < 11; index += 1) {
        last = await strict.request('/api/auth/login', {
          method: 'POST',
          json: { username: 'ghost@example.com', password: 'Wrong-1' },
        });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account from the same address is not locked out by the first.
      const other = await strict.request('/api/auth/login', {
        method: 'POST',
        json: { username: 'other@example.com', password: 'Wrong-1' },
      });
      expect(other.status).toBe(401);
      const forgot: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        forgot.push(
          (
            await strict.request('/api/auth/forgot-password', {
              method: 'POST',
              json: { email: 'ghost@example.com' },
            })
          ).status,
        );
      }
      expect(forgot).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('sign-in throttling that cannot lock the owner out (ASVS 6.3.1)', () => {
  let strict: TestApp;
  const owner = 'owner-under-attack@example.com';
  const attacker = { 'x-forwarded-for': '203.0.113.7' };
  const ownerAddress = { 'x-forwarded-for': '198.51.100.9' };

  beforeAll(async () => {
    strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: 'true' });
    const registered = await strict.request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': '192.0.2.1' },
      json: { email: owner, password: TEST_PASSWORD },
    });
    expect(registered.status).toBe(201);
  });
  afterAll(() => strict.close());

  const attempt = (username: string, password: string, headers: Record<string, string>) =>
    strict.request('/api/auth/login', { method: 'POST', json: { username, password }, headers });

  it('limits the attacking address on that account, while the owner signs in from another address', async () => {
    const wrong: number[] = [];
    for (let index = 0; index < 10; index += 1)
      wrong.push((await attempt(owner, `Wrong-guess-${index}`, attacker)).status);
    expect(wrong).toEqual(Array<number>(10).fill(401));

    // Address A is refused on this account, even with the right password: it learns nothing more.
    const limited = await attempt(owner, TEST_PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, elsewhere, is slowed down (the account has seen more than 10 attempts), never refused.
    const started = performance.now();
    const signedIn = await attempt(owner, TEST_PASSWORD, ownerAddress);
    const waited = performance.now() - started;
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as CurrentUser).email).toBe(owner);
    expect(waited).toBeGreaterThanOrEqual(240);
    expect(cookieFrom(signedIn)).toContain('aa_session=');

    // A mistyped password from the owner's address is an ordinary 401, not a lockout.
    expect((await attempt(owner, 'Mistyped-1', ownerAddress)).status).toBe(401);
  });

  it('limits one address across accounts, without touching other addresses', async () => {
    const spray = { 'x-forwarded-for': '203.0.113.99' };
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1)
      statuses.push((await attempt(`sprayed-${index}@example.com`, 'Wrong-guess-1', spray)).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await attempt(owner, TEST_PASSWORD, { 'x-forwarded-for': '198.51.100.10' })).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not reset the limit', async () => {
    const account = 'ipv6-target@example.com';
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const address = { 'x-forwarded-for': `2001:db8:1:2::${(index + 1).toString(16)}` };
      statuses.push((await attempt(account, 'Wrong-guess-1', address)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('cookies over https', () => {
  it('uses the __Host- prefix and Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://agentatlas.example' });
    try {
      const response = await secure.request('/api/auth/register', {
        method: 'POST',
        json: { email: 'secure@example.com', password: TEST_PASSWORD },
      });
      const session = response.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('__Host-aa_session='));
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; Path=\//);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).not.toMatch(/Domain=/i);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });
});
