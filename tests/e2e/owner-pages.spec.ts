import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { makeOwner } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/**
 * The owners' pages (issue 14): an owner of a demo agent (the seed gives it 90 days of figures) opens
 * /dashboard, /metrics and /history on a phone and on a desktop, changes the range, downloads a chart's
 * CSV and follows a checklist link. Commentary and Burrow have no docs link and are not verified, so
 * their checklists always have something to fix.
 */
const widths = [
  { name: 'a phone (360 px)', width: 360, height: 740, slug: 'commentary', agentName: 'Commentary' },
  { name: 'a desktop', width: 1280, height: 900, slug: 'burrow', agentName: 'Burrow' },
] as const;

async function signUpAsOwnerOf(page: Page, slug: string) {
  const { email } = await signUp(page);
  await makeOwner(email, slug);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Picks a period on the range switch (its radio buttons are drawn as labels). */
async function chooseRange(page: Page, label: '7 days' | '30 days' | '90 days') {
  await page.locator('label').filter({ hasText: label }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}

/** Clicks a panel's "Download CSV" and answers the file's lines. */
async function downloadCsv(panel: Locator): Promise<string[]> {
  const [download] = await Promise.all([
    panel.page().waitForEvent('download'),
    panel.getByRole('button', { name: /^Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await fs.readFile((await download.path())!, 'utf8');
  return text.trimEnd().split(/\r\n/);
}

for (const screen of widths) {
  test.describe(`on ${screen.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await signUpAsOwnerOf(page, screen.slug);
    });

    test('the dashboard shows the agent with its figures, what needs attention and a way to the reasons', async ({
      page,
    }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const card = page.getByRole('article', { name: screen.agentName });
      await expect(card).toBeVisible();
      await expect(card.getByText('Views', { exact: true })).toBeVisible();
      await expect(card.getByText('Average rating', { exact: true })).toBeVisible();
      await expect(card.getByRole('img', { name: /^Views per day/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      await chooseRange(page, '90 days');
      await expect(page).toHaveURL(/[?&]range=90d/);
      await expect(card.getByRole('img', { name: /^Views per day/ })).toBeVisible();

      await card.getByRole('link', { name: /^Why it ranks here/ }).click();
      await expect(page).toHaveURL(/\/metrics\?agentId=\d+&range=90d#why$/);
      await expect(page.getByRole('heading', { name: 'Why it ranks here' })).toBeVisible();
    });

    test('metrics: charts with tables and CSV, a range switch, the score breakdown and a checklist link', async ({
      page,
    }) => {
      await page.goto('/metrics');
      await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
      // The first agent is picked by default.
      await expect(page.getByLabel('Agent', { exact: true }).locator('option:checked')).toHaveText(
        screen.agentName,
      );
      const views = page.getByRole('region', { name: 'Views and visitors', exact: true });
      await expect(views).toBeVisible();
      for (const title of ['Favorites and reviews', 'Clicks', 'Click-through', 'Rating over time']) {
        await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
      }
      await expect(page.getByRole('region', { name: /^Rank in [^,]+$/ })).toBeVisible();
      // The figures are also a table (read by screen readers; shown on request).
      await views.getByRole('button', { name: /^Show table/ }).click();
      const table = views.getByRole('table', { name: 'Views and visitors' });
      await expect(table.getByRole('columnheader', { name: 'Views' })).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(31);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      // The CSV holds the same figures: a header row, then one line per day of the range.
      let lines = await downloadCsv(views);
      expect(lines[0]).toBe('date,views,visitors');
      expect(lines).toHaveLength(31);
      expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+$/);

      await chooseRange(page, '7 days');
      await expect(page).toHaveURL(/[?&]range=7d/);
      await expect(table.getByRole('row')).toHaveCount(8);
      lines = await downloadCsv(views);
      expect(lines[0]).toBe('date,views,visitors');
      expect(lines).toHaveLength(8);
      expect(lines[7]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+$/);

      // Why it ranks here: parts that add up to the score shown, and a checklist whose items link to the fix.
      const why = page.getByRole('region', { name: 'Why it ranks here', exact: true });
      await expect(why.getByText('Score (out of 100)')).toBeVisible();
      const score = why.getByRole('table', { name: /add up to the score/ });
      const parts = await score.locator('tbody td').allTextContents();
      const total = Number(await score.locator('tfoot td').textContent());
      const sum = parts.reduce((acc, text) => acc + Number(text.replace('−', '-').replace('+', '')), 0);
      expect(Math.abs(sum - total)).toBeLessThan(0.15);
      const fix = why.getByRole('link', { name: /^Fix this/ }).first();
      const target = await fix.getAttribute('href');
      expect(target).toMatch(/^\//);
      await fix.click();
      await expect(page).toHaveURL(new RegExp(`${target!.split(/[?#]/)[0]!.replace(/[/]/g, '\\/')}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('history lists what happened, newest first, filtered by agent and kind, each with a link', async ({
      page,
    }) => {
      // An event of the owner's own: submitting a second agent.
      const categories = (await (await page.request.get('/api/categories')).json()) as {
        categories: Array<{ slug: string }>;
      };
      const name = `History Probe ${Date.now().toString(36)}`;
      const draft = await page.request.post('/api/drafts', {
        data: {
          name,
          tagline: 'Checks that the history page lists a submission.',
          description: 'Answers support tickets from the knowledge base and hands hard ones to a person.',
          category: categories.categories[0]!.slug,
          tags: ['support'],
          websiteUrl: 'https://example.com/probe',
          pricing: 'free',
        },
      });
      expect(draft.status()).toBe(201);
      const { id } = (await draft.json()) as { id: number };
      const submitted = await page.request.post(`/api/drafts/${id}/submit`);
      expect(submitted.status()).toBe(201);
      const { agentId } = (await submitted.json()) as { agentId: number };

      await page.goto('/history');
      await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
      const list = page.getByRole('list', { name: 'History, newest first' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel('Agent', { exact: true }).selectOption({ label: name });
      await expect(page).toHaveURL(new RegExp(`[?&]agentId=${agentId}`));
      await page.getByLabel('What happened').selectOption({ label: 'Submitted' });
      await expect(page).toHaveURL(/[?&]kind=submitted/);
      const entry = list.getByRole('listitem').filter({ hasText: name });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Submitted');
      await expect(entry.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await entry.getByRole('link', { name: /^View details/ }).click();
      // A submission's entry leads to its status page (or to where it is edited).
      await expect(page).toHaveURL(new RegExp(`/(agent-status|edit-agent)/${agentId}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

test('someone without agents is asked to submit one on each page', async ({ page }) => {
  await signUp(page);
  for (const path of ['/dashboard', '/metrics', '/history']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'You have not listed an agent yet' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Submit an agent' })).toHaveAttribute(
      'href',
      '/submit-agent',
    );
  }
  await expectNoSeriousA11yViolations(page);
});
