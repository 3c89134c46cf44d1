import type { Page } from '@playwright/test';
import { mailedLink, signInAtGithub } from './accounts.js';
import { expect, signUp, test } from './fixtures.js';

let counter = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${(counter += 1)}@example.com`;

async function openRegistration(page: Page) {
  await page.goto('/register');
  await page.getByRole('button', { name: /Individual/ }).click();
}

test(
  'register, verify by the e-mailed link, log out, and log in again',
  { tag: '@smoke' },
  async ({ page }) => {
    const email = freshEmail('newcomer');
    await openRegistration(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-42');
    await page.getByLabel('Confirm password').fill('Correct-Horse-42');
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

    await page.goto(await mailedLink(email, 'verify-email'));
    await expect(page.getByText('Your e-mail is verified')).toBeVisible();

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByText("You're logged out. See you soon! 👋")).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Correct-Horse-42');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText('You have been logged in successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    await expect(page.getByRole('button', { name: /Account menu for Nia Okafor/ })).toBeVisible();
  },
);

test('the login form validates on submit with the spec messages and red borders', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 401 .*\/api\/auth\/login/);
  await page.goto('/login');
  const validBorder = await page
    .getByLabel('Email')
    .evaluate((field) => getComputedStyle(field).borderTopColor);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  // Red whether or not it has the focus (the focus went to the e-mail field).
  await expect(page.getByLabel('Password')).not.toHaveCSS('border-top-color', validBorder);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill(freshEmail('nobody'));
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});

test('the registration form validates on submit and shows the strength meter', async ({ page }) => {
  await openRegistration(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  const meter = page.getByRole('meter', { name: 'Password strength' });
  for (const [value, label] of [
    ['abc', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['Abcdefgh', 'Fair'],
    ['Abcdefg1', 'Good'],
    ['Abcdef1!', 'Strong'],
  ] as const) {
    await password.fill(value);
    await expect(meter).toHaveAttribute('aria-valuetext', label);
  }
  await password.fill('Abc1');
  await expect(page.getByText('Include uppercase letters, numbers and special characters.')).toBeVisible();
  await page.getByLabel('Email').fill('still-not-an-email');
  await page.getByLabel('Confirm password').fill('Something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('forgot password, reset by the e-mailed link, then log in with the new password', async ({ page }) => {
  const email = freshEmail('forgetful');
  await signUp(page, { email });
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that address/).first()).toBeVisible({
    timeout: 15_000,
  }); // the answer takes the same time for every address

  await page.goto(await mailedLink(email, 'reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Secret-9');
  await page.getByLabel('Confirm new password').fill('Brand-New-Secret-0');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm new password')).toBeFocused();
  await page.getByLabel('Confirm new password').fill('Brand-New-Secret-9');
  await expect(page.getByText('Passwords do not match')).toBeHidden();
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Brand-New-Secret-9');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
});

test(
  'sign in with GitHub through the fake GitHub, back to the return path',
  { tag: '@smoke' },
  async ({ page }) => {
    const id = 500_000 + Math.floor(Math.random() * 100_000);
    await signInAtGithub({
      id,
      login: `octo${id}`,
      name: 'Mona Octocat',
      emails: [{ email: freshEmail('mona'), primary: true, verified: true }],
    });
    await page.goto('/auth?returnPath=%2Fcategories');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await expect(page.getByRole('heading', { name: 'Authorize AgentAtlas' })).toBeVisible();
    await page.getByRole('link', { name: 'Authorize' }).click();
    await expect(page).toHaveURL(/\/categories$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: /Account menu for Mona Octocat/ })).toBeVisible();
  },
);

test('Google sign-in says it is not implemented yet', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Google login is not implemented yet.')).toBeVisible();
});

test('two tabs: a login in one updates the other, a logout in one sends the other to /auth', async ({
  context,
}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  const email = freshEmail('twotabs');
  await first.request.post('/api/auth/register', { data: { email, password: 'Correct-Horse-42' } });
  await first.request.post('/api/auth/logout');
  await first.goto('/categories');
  await second.goto('/categories');
  await expect(second.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  await first.goto('/login');
  await first.getByLabel('Email').fill(email);
  await first.getByLabel('Password').fill('Correct-Horse-42');
  await first.getByRole('button', { name: 'Login' }).click();
  await expect(second.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  await first.getByRole('button', { name: /Account menu for/ }).click();
  await first.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(second).toHaveURL(/\/auth/);
});

test('30 idle minutes log the person out with the spec alert', async ({ page }) => {
  await page.clock.install();
  await signUp(page);
  await page.goto('/categories');
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await page.clock.fastForward('31:00');
  await expect(
    page.getByText('Your session has expired due to inactivity. Please log in again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('a session ended elsewhere raises "Session Error Detected"; "Reset My Session" signs out', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 401 .*\/api\/(notifications|auth\/heartbeat)/);
  // The live socket would hear of the sign-out at once and sign this tab out quietly; keep it silent
  // so the next request is what finds out.
  await page.routeWebSocket(/\/ws/, () => {});
  const { email, password } = await signUp(page);
  await page.goto('/categories');
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  // Another device signs in and ends every session of the account.
  const elsewhere = await browser.newContext({ baseURL: page.url() });
  await elsewhere.request.post('/api/auth/login', { data: { username: email, password } });
  await elsewhere.request.post('/api/auth/force-logout');
  await elsewhere.close();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText('Session Error Detected')).toBeVisible();
  await page.getByRole('button', { name: 'Reset My Session' }).click();
  await expect(page.getByText('Session reset', { exact: true })).toBeVisible();
});

test('the sign-in page, opened first, is painted as content (a first contentful paint)', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  // Content that starts transparent is never a contentful paint: Lighthouse then has no score.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
});
