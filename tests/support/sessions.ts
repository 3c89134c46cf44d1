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
