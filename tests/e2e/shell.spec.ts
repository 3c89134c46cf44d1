import { pagePatterns } from '../../src/shared/routes.js';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

const protectedPaths = [
  '/metrics',
  '/dashboard',
  '/settings',
  '/profile',
  '/agent-status/1',
  '/edit-agent/1',
  '/favorites',
  '/history',
  '/my-drafts',
  '/my-agents',
];
const adminPaths = ['/admin/dashboard', '/admin/categories', '/admin/storage'];
const publicPaths = pagePatterns
  .map((pattern) => pattern.replace(':slug', 'patchwork').replace(':id', '1'))
  .filter((path) => !protectedPaths.includes(path) && !adminPaths.includes(path) && path !== '/admin');

test.describe('every public route renders', () => {
  for (const path of publicPaths) {
    test(`${path} renders a page with a heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    });
  }
});

test.describe('guards', () => {
  for (const path of protectedPaths) {
    test(`${path} sends a signed-out visitor to /auth with a return path`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(
        new RegExp(`/auth\\?.*returnPath=${encodeURIComponent(path).replace(/%2F/g, '(%2F|/)')}`),
      );
    });
  }

  test('a signed-in person reaches a protected page', async ({ page }) => {
    await signUp(page);
    await page.goto('/favorites');
    await expect(page).toHaveURL(/\/favorites$/);
  });

  test('/admin redirects to /admin/dashboard, which denies a non-admin', async ({ page }) => {
    await signUp(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
  });

  for (const path of adminPaths) {
    test(`${path} shows Access Denied signed out`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
    });
  }
});

test('an unknown path shows "404 Page Not Found" with HTTP 404', async ({ page }) => {
  const response = await page.goto('/this/is/not/a/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the header hides scrolling down and comes back scrolling up', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toBeInViewport();
  // The first paint's header is static HTML; until React has taken it over, a scroll moves the page but
  // nobody listens. Scrolling again until the header reacts waits for that, not for a time.
  await expect(async () => {
    await page.mouse.wheel(0, 300);
    await expect(header).not.toBeInViewport({ timeout: 1000 });
  }).toPass();
  await page.mouse.wheel(0, -200);
  await expect(header).toBeInViewport();
});

test('the header is hidden on the auth pages, and the footer on submission pages', async ({ page }) => {
  for (const path of ['/login', '/register', '/auth', '/create-account']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
  await page.goto('/submit-agent');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.locator('footer')).toHaveCount(0);
  await page.goto('/categories');
  await expect(page.locator('footer')).toBeVisible();
});

/** The header's visible links and buttons, left to right, with the bar that holds them. */
async function headerBoxes(page: Page) {
  return page
    .locator('header')
    .first()
    .evaluate((header) => {
      const bar = header.querySelector('div > div')!.getBoundingClientRect();
      const items = [...header.querySelectorAll<HTMLElement>('a, button')]
        .filter((element) => element.offsetParent !== null && !element.closest('#mobile-menu'))
        .map((element) => {
          const box = element.getBoundingClientRect();
          return {
            name: element.innerText.trim() || (element.ariaLabel ?? ''),
            left: box.left,
            right: box.right,
            height: box.height,
          };
        })
        .sort((a, b) => a.left - b.left);
      return { bar: { left: bar.left, right: bar.right }, items };
    });
}

// Spec section 2: signed-out visitors see Create Account, Login and GitHub Auth; in the bar wherever
// they fit next to Home, Agents and Submit Agent (from 896 px), in the menu below that.
for (const width of [360, 390, 414, 600, 768, 880, 896, 1024, 1280]) {
  test(`signed out at ${width} px, the header offers Create Account, Login and GitHub Auth without overflow`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const banner = page.locator('header').first();
    const signedOutLinks = ['Create Account', 'Login', 'GitHub Auth'];
    const menuButton = banner.getByRole('button', { name: 'Open menu' });
    if (width >= 896) {
      for (const name of ['Home', 'Agents', 'Submit Agent', ...signedOutLinks]) {
        await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(menuButton).toBeHidden();
    } else {
      await expect(banner.getByRole('link', { name: 'Create Account' })).toBeHidden();
      await expect(banner.getByRole('link', { name: 'GitHub Auth' })).toBeHidden();
      await menuButton.click();
      const menu = banner.locator('#mobile-menu');
      for (const name of signedOutLinks) await expect(menu.getByRole('link', { name })).toBeVisible();
    }

    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    const { bar, items } = await headerBoxes(page);
    expect(items.length).toBeGreaterThan(1);
    for (const [index, item] of items.entries()) {
      // Inside the bar, on one line, and clear of its neighbour: nothing squeezed or hidden behind another.
      expect(item.left, item.name).toBeGreaterThanOrEqual(bar.left);
      expect(item.right, item.name).toBeLessThanOrEqual(bar.right);
      expect(item.height, item.name).toBeLessThanOrEqual(44);
      const next = items[index + 1];
      if (next) expect(item.right, `${item.name} before ${next.name}`).toBeLessThanOrEqual(next.left);
    }
    if (width === 360 || width === 896) await expectNoSeriousA11yViolations(page);
  });
}

test('built scripts are cached for a year and the page itself never', async ({ request }) => {
  const page = await request.get('/agents');
  expect(page.headers()['cache-control']).toBe('no-store');
  const html = await page.text();
  const named = /<script type="application\/json" id="aa-scripts">(.*?)<\/script>/.exec(html)?.[1];
  const { entry, preloads } = JSON.parse(named ?? '{}') as { entry: string; preloads: string[] };
  const scripts = [entry, ...preloads];
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of scripts) {
    const asset = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  }
});

test('the page paints from its HTML alone: its scripts are asked for once it renders', async ({ page }) => {
  // The time of the page's first rendering step, which paints it.
  await page.addInitScript(() => {
    requestAnimationFrame((time) => {
      (window as unknown as { firstFrameAt: number }).firstFrameAt = time;
    });
  });
  await page.goto('/agents/patchwork');
  await expect(page.getByRole('heading', { level: 1, name: 'Patchwork' })).toBeVisible();
  const timing = await page.evaluate(() => ({
    firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
    scriptsAskedAt: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  // The entry and the page's route chunks, none before the page rendered.
  expect(timing.scriptsAskedAt.length).toBeGreaterThan(3);
  expect(Math.min(...timing.scriptsAskedAt)).toBeGreaterThan(timing.firstFrameAt);
});
