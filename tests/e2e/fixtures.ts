import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const allowed = new WeakMap<string[], RegExp[]>();

/**
 * Every test fails on an unexpected browser console error or page error: a page that "works" but
 * logs errors is broken somewhere nobody looked.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleError: (pattern: RegExp) => void }>({
  allowConsoleError: async ({ consoleErrors }, use) => {
    await use((pattern) => {
      allowed.set(consoleErrors, [...(allowed.get(consoleErrors) ?? []), pattern]);
    });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page that is meant to answer 404 (an unknown path, an unknown agent) logs its own status.
        const documentStatus =
          message.text().startsWith('Failed to load resource') && message.location().url === page.url();
        if (!documentStatus) errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      // A test that provokes a failing request on purpose (a wrong password) allows its console line.
      const patterns = allowed.get(errors) ?? [];
      expect(
        errors.filter((error) => !patterns.some((pattern) => pattern.test(error))),
        'browser console errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;

/** Creates an account through the API in the page's browser context, so the page is signed in. */
export async function signUp(page: Page, overrides: Record<string, unknown> = {}) {
  const email = `e2e-${Date.now()}-${(counter += 1)}@example.com`;
  const password = 'Correct-Horse-42';
  const response = await page.request.post('/api/auth/register', {
    data: {
      email,
      password,
      organizationType: 'individual',
      firstName: 'Eve',
      lastName: 'Tester',
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return { email, password };
}

/** axe-core over the page; serious and critical violations fail the test. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Contrast is measured on what is painted: let the data arrive (no request for 500 ms), then let the page
  // fades (0.3-0.4 s, started when the data rendered) finish.
  await page.waitForLoadState('networkidle');
  // A toast (sonner) starts fading in a frame after it mounts and fades out when its time is up, so
  // one could be caught half transparent between the wait below and axe's reading. With reduced
  // motion, which sonner and the page's fades honour, each shows its final state at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}
