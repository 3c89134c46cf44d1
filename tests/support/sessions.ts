import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { TestApp } from './test-app.js';

/** The cookie header a Set-Cookie answer gives, ready to send back. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

export const TEST_PASSWORD = 'Correct-Horse-42';

/** Registers an account through the API and returns its session cookie. */
export async function registerAndSignIn(t: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await t.request('/api/auth/register', {
    method: 'POST',
    json: { email, password, organizationType: 'individual', username: email, userType: 'developer' },
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return cookieFrom(response);
}

let people = 0;

/**
 * Registers a fresh account through the API and returns its cookie, user and e-mail. An admin is
 * promoted in the database, as `npm run admin` does.
 */
export async function signUpPerson(t: TestApp, role: 'user' | 'admin' = 'user') {
  people += 1;
  const email = `person-${process.pid}-${Date.now()}-${people}@example.com`;
  const cookie = await registerAndSignIn(t, email);
  const user = (await (await t.request('/api/auth/user', { headers: { cookie } })).json()) as CurrentUser;
  if (role === 'admin')
    await t.app.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
  return { cookie, user, email };
}

/** Calls the API as the holder of `cookie` (or signed out) and returns the status and parsed body. */
export async function callApi<T>(
  t: TestApp,
  method: string,
  path: string,
  cookie: string | null,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await t.request(path, {
    method,
    headers: cookie ? { cookie } : {},
    ...(json !== undefined ? { json } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
