import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { makeOwner } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/**
 * The health panel (issue 12): the demo seed gives Patchwork an MCP server and an A2A card on the
 * app's own /demo-mcp servers, with 30 days of probes, so a visitor sees live evidence and its owner
 * can probe again and watch a real probe.
 */
const screens = [
  { name: 'a phone (360 px)', width: 360, height: 740 },
  { name: 'a desktop', width: 1280, height: 900 },
] as const;

/** Nothing in the Health panel reaches past the screen's edge (names what does, if anything). */
async function expectHealthFitsTheScreen(page: Page) {
  const outside = await page
    .getByRole('region', { name: 'Health' })
    .evaluate((panel) =>
      [panel, ...panel.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`),
    );
  expect(outside).toEqual([]);
}

for (const screen of screens) {
  test.describe(`on ${screen.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
    });

    test('a visitor sees the health of the agent’s endpoints: status, uptime bars and tools', async ({
      page,
    }) => {
      await page.goto('/agents/patchwork');
      const health = page.getByRole('region', { name: 'Health' });
      await expect(health).toBeVisible();
      const mcp = health.getByRole('region', { name: 'MCP server' });
      await expect(mcp.getByText('Up', { exact: true })).toBeVisible();
      await expect(mcp.getByText(/\/demo-mcp$/)).toBeVisible();
      await expect(mcp.getByRole('img', { name: /^Uptime: .* in 30 days$/ })).toBeVisible();
      await expect(mcp.getByTestId('tool-history').getByText(/current_time\s*—\s*added/)).toBeVisible();
      await expect(mcp.getByTestId('tool-history').getByText(/ping\s*—\s*removed/)).toBeVisible();
      await mcp.getByText('3 tools offered').click();
      await expect(mcp.getByTestId('tool-list').getByText('current_time', { exact: true })).toBeVisible();
      await expect(health.getByRole('region', { name: 'A2A agent card' })).toBeVisible();
      // Only owners and admins probe.
      await expect(health.getByRole('button', { name: 'Probe now' })).toHaveCount(0);
      await expectHealthFitsTheScreen(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('the owner probes now and sees the fresh result', async ({ page }) => {
      const { email } = await signUp(page);
      await makeOwner(email, 'patchwork');
      await page.goto('/agents/patchwork#health');
      const health = page.getByRole('region', { name: 'Health' });
      const mcp = health.getByRole('region', { name: 'MCP server' });
      await expect(mcp.getByText('Up', { exact: true })).toBeVisible();
      const [probe] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/probe')),
        health.getByRole('button', { name: 'Probe now' }).click(),
      ]);
      expect(probe.status()).toBe(200);
      await expect(mcp.getByText('less than a minute ago')).toBeVisible();
      await expect(mcp.getByText('Up', { exact: true })).toBeVisible();
      await expectHealthFitsTheScreen(page);
    });
  });
}

test('a credentials-only server shows as "Needs credentials", not down', async ({ page }) => {
  await page.goto('/agents/burrow');
  const mcp = page.getByRole('region', { name: 'Health' }).getByRole('region', { name: 'MCP server' });
  await expect(mcp.getByText('Needs credentials', { exact: true })).toBeVisible();
  await expect(mcp.getByText(/asks for credentials/).first()).toBeVisible();
});

test('the edit page offers the endpoint fields', async ({ page }) => {
  const { email } = await signUp(page);
  await makeOwner(email, 'outlier');
  await page.goto('/agents/outlier');
  const health = page.getByRole('region', { name: 'Health' });
  await expect(health.getByText(/Add an MCP server or an A2A agent card URL/)).toBeVisible();
  await health.getByRole('link', { name: 'Edit listing' }).click();
  await expect(page.getByLabel('MCP server URL')).toBeVisible();
  await expect(page.getByLabel('A2A agent card URL')).toBeVisible();
});

/** Whether the server's Node for the conformance suite (CONFORMANCE_NODE, else its own) is 24 or later. */
function suiteRunsHere(): boolean {
  const node = process.env.CONFORMANCE_NODE;
  const version = node ? execFileSync(node, ['--version'], { encoding: 'utf8' }) : process.version;
  return Number(/^v(\d+)\./.exec(version.trim())?.[1]) >= 24;
}

test('the owner runs the MCP conformance suite from the health panel', async ({
  page,
  allowConsoleError,
}) => {
  // A phone's width: the suite's name is long and must wrap.
  await page.setViewportSize({ width: 360, height: 740 });
  const { email } = await signUp(page);
  await makeOwner(email, 'patchwork');
  await page.goto('/agents/patchwork#health');
  const conformance = page
    .getByRole('region', { name: 'Health' })
    .getByRole('region', { name: 'Conformance' });
  await expect(conformance.getByText(/^Not run yet/)).toBeVisible();
  await conformance.getByRole('button', { name: 'Run conformance suite' }).click();
  if (suiteRunsHere()) {
    await expect(conformance.getByText(/^\d+ passed, \d+ failed$/)).toBeVisible({ timeout: 30_000 });
    await expect(conformance.getByText(/^@modelcontextprotocol\/conformance@\d/)).toBeVisible();
  } else {
    // The server's Node cannot run the suite: the owner is told why, nothing else changes.
    allowConsoleError(/status of 503/);
    await expect(conformance.getByRole('alert')).toHaveText(
      /conformance suite is unavailable: it needs Node 24/,
    );
    await expect(conformance.getByText(/^Not run yet/)).toBeVisible();
  }
  await expectHealthFitsTheScreen(page);
});
