import type { Page } from '@playwright/test';
import { makeOwner } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/**
 * The evidence where people look (issue 40): a one-line trust summary in the agent page's header and
 * on listing cards, each part linking to its evidence; the MCP compatibility matrix and the sign-in
 * details in the Health section. The demo seed's Patchwork speaks MCP on the app's own /demo-mcp, and
 * Burrow's server asks for credentials and says where to get them (/demo-mcp/private).
 */
const screens = [
  { name: 'a phone (360 px)', width: 360, height: 740 },
  { name: 'a desktop', width: 1280, height: 900 },
] as const;

/** Nothing on the page reaches past the screen's edge (names what does, if anything). */
async function expectNoHorizontalOverflow(page: Page) {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth + 0.5;
      })
      .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`),
  );
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Signs up as the owner of a demo agent and probes it now from its Health section. */
async function probeAsOwner(page: Page, slug: string) {
  const { email } = await signUp(page);
  await makeOwner(email, slug);
  await page.goto(`/agents/${slug}#health`);
  const health = page.getByRole('region', { name: 'Health' });
  const [probe] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/probe')),
    health.getByRole('button', { name: 'Probe now' }).click(),
  ]);
  expect(probe.status()).toBe(200);
  return health;
}

for (const screen of screens) {
  test.describe(`on ${screen.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
    });

    test('the header sums up trust, and the Health section shows the matrix of protocol eras', async ({
      page,
    }) => {
      const health = await probeAsOwner(page, 'patchwork');
      const mcp = health.getByRole('region', { name: 'MCP server' });
      await expect(mcp.getByText('Works with clients speaking')).toBeVisible();
      await expect(
        mcp.getByRole('listitem').filter({ hasText: /^2026-07-28: yes · checked / }),
      ).toBeVisible();
      await expect(
        mcp.getByRole('listitem').filter({ hasText: /^2025-11-25: (yes|no \(answered: .+\)) · checked / }),
      ).toBeVisible();

      // The header follows the probe: up, and the eras spoken, each part a link to the evidence.
      // The header's summary comes first on the page (cards of similar agents carry theirs below).
      const summary = page.locator('p', { hasText: 'Trust summary:' }).first();
      await expect(summary.getByRole('link', { name: 'Health: Up' })).toBeVisible();
      const eras = summary.getByRole('link', { name: /^Works with clients speaking MCP 2026-07-28/ });
      await expect(eras).toBeVisible();
      await expect(eras).toHaveAttribute('href', '/agents/patchwork#health');

      await expectNoHorizontalOverflow(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/trust-summary-header-${screen.width}.png` });
      await mcp.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/trust-summary-matrix-${screen.width}.png` });
      await expectNoSeriousA11yViolations(page);
    });

    test('a server behind a login shows its authorization server, resource metadata and scopes', async ({
      page,
    }) => {
      const health = await probeAsOwner(page, 'burrow');
      const mcp = health.getByRole('region', { name: 'MCP server' });
      await expect(mcp.getByText('Needs credentials', { exact: true })).toBeVisible();
      await expect(mcp.getByText('Sign-in')).toBeVisible();
      await expect(mcp.getByText(/^Authorization servers?:/)).toBeVisible();
      await expect(mcp.getByText(/\/demo-mcp\/oauth$/)).toBeVisible();
      await expect(mcp.getByText(/\/demo-mcp\/private\/oauth-protected-resource$/)).toBeVisible();
      // The scopes the demo's metadata advertises: the resource's (RFC 9728) and its server's (RFC 8414).
      const scopes = (term: string) =>
        mcp
          .locator('dl > div')
          .filter({ has: page.locator('dt', { hasText: term }) })
          .locator('dd');
      await expect(scopes('Scopes the server asks for')).toHaveText('demo:tools');
      await expect(scopes('Scopes the authorization server offers')).toHaveText('openid, demo:tools');
      await expectNoHorizontalOverflow(page);
      await mcp.getByText('Sign-in').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/trust-summary-auth-${screen.width}.png` });
      await expectNoSeriousA11yViolations(page);
    });

    test('listing cards carry the summary, and the protocol filter narrows the listing', async ({ page }) => {
      await probeAsOwner(page, 'patchwork');
      await page.goto('/agents');
      const filter = page.getByLabel('MCP protocol');
      // Below the large breakpoint the filters open from a button.
      if (screen.width < 1024) await page.getByRole('button', { name: 'Filters' }).click();
      await filter.selectOption('2026-07-28');
      await expect(page).toHaveURL(/protocol=2026-07-28/);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: 'Patchwork', exact: true }) });
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: 'Health: Up' })).toBeVisible();
      await expect(
        card.getByRole('link', { name: /^Works with clients speaking MCP 2026-07-28/ }),
      ).toBeVisible();
      // Every card shown speaks the revision asked for.
      const cards = page.getByRole('article');
      for (let index = 0; index < (await cards.count()); index += 1)
        await expect(cards.nth(index).getByRole('link', { name: /MCP .*2026-07-28/ })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/trust-summary-card-${screen.width}.png` });
      await expectNoSeriousA11yViolations(page);

      // A part of the summary opens the agent's page at its evidence.
      await card.getByRole('link', { name: 'Health: Up' }).click();
      await expect(page).toHaveURL(/\/agents\/patchwork#health$/);
      await expect(page.getByRole('region', { name: 'Health' })).toBeInViewport();
    });
  });
}
