import type { Browser, Page } from '@playwright/test';
import { makeAdmin, makeOwner } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/**
 * The public record, ownership claims and the badge (issue 12): a visitor reads what happened to a
 * listing and the evidence behind its badge; an owner appeals a rejection and an admin decides.
 */
const screens = [
  { name: 'a phone (360 px)', width: 360, height: 740 },
  { name: 'a desktop', width: 1280, height: 900 },
] as const;

/** Nothing in the region reaches past its own edge or the screen's (names what does, if anything). */
async function expectFitsTheScreen(page: Page, region: string) {
  const outside = await page.getByRole('region', { name: region }).evaluate((panel) => {
    const edge = Math.min(panel.getBoundingClientRect().right, window.innerWidth) + 0.5;
    return [...panel.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > edge)
      .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`);
  });
  expect(outside).toEqual([]);
}

for (const screen of screens) {
  test(`on ${screen.name}, a visitor reads the record, the ownership evidence and the badge`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/agents/patchwork');
    const record = page.getByRole('region', { name: 'Public record' });
    await expect(record.getByText('Published', { exact: true })).toBeVisible();
    await expect(record.getByText('Incident', { exact: true })).toBeVisible();
    await expect(record.getByText('Recovered', { exact: true })).toBeVisible();
    await expect(record).toContainText('Ownership shown by the DNS TXT record on patchwork.example.');

    const ownership = page.getByRole('region', { name: 'Ownership' });
    await expect(ownership).toContainText('DNS TXT record');
    await expect(ownership).toContainText('patchwork.example');
    await expect(ownership.getByText('Active', { exact: true })).toBeVisible();
    await expect(ownership).toContainText('Next check');
    // Visitors never see tokens or the owner's buttons.
    await expect(ownership.getByRole('button')).toHaveCount(0);
    await expect(ownership).not.toContainText('Token');

    const badge = page.getByRole('region', { name: 'Badge' });
    const image = badge.getByRole('img', { name: 'Patchwork on AgentAtlas' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(50);
    await expect(badge).toContainText('[![Patchwork on AgentAtlas](');
    await expect(badge).toContainText('/badge/patchwork.svg');

    for (const region of ['Public record', 'Ownership', 'Badge']) await expectFitsTheScreen(page, region);
    await expectNoSeriousA11yViolations(page);
  });
}

test('the owner adds a claim beside the listing and reads how to publish its token', async ({ page }) => {
  const { email } = await signUp(page);
  await makeOwner(email, 'patchwork');
  await page.goto('/agents/patchwork#claims');
  const ownership = page.getByRole('region', { name: 'Ownership' });
  await ownership.getByLabel('Domain').fill('Patchwork-Docs.Example');
  await ownership.getByRole('button', { name: 'Add claim' }).click();
  await expect(ownership).toContainText(
    /Add a TXT record to patchwork-docs\.example with the value agentatlas-verification=[0-9a-f]{32}, then press Check\./,
  );
  await expect(ownership.getByText('Pending', { exact: true })).toBeVisible();
  await expectFitsTheScreen(page, 'Ownership');
  await expectNoSeriousA11yViolations(page);
});

async function openAdmin(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { email } = await signUp(page, { firstName: 'Ada', lastName: 'Admin' });
  await makeAdmin(email);
  return page;
}

test('an owner appeals a rejection once; an admin upholds it and the listing is back in review', async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  // The appeal too short to send, refused by the server.
  allowConsoleError(/status of 400/);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page, { firstName: 'Rhea', lastName: 'Rejected' });
  const name = `Heron ${Date.now().toString(36)}`;
  const draft = await page.request.post('/api/drafts', {
    data: {
      name,
      tagline: 'Summarises meeting notes into decisions and owners.',
      description: 'Reads the notes of a meeting and writes down who decided what, and who does it next.',
      category: 'research',
      tags: ['meetings'],
      websiteUrl: 'https://example.com/heron',
      pricing: 'free',
    },
  });
  const { id: draftId } = (await draft.json()) as { id: number };
  const submitted = await page.request.post(`/api/drafts/${draftId}/submit`);
  expect(submitted.status()).toBe(201);
  const { agentId } = (await submitted.json()) as { agentId: number };

  const admin = await openAdmin(browser, baseURL!);
  const rejected = await admin.request.post(`/api/admin/agents/${agentId}/reject`, {
    data: { reason: 'The description does not say what the agent does.' },
  });
  expect(rejected.status()).toBe(200);

  await page.goto(`/agent-status/${agentId}`);
  const record = page.getByRole('region', { name: 'Public record' });
  await expect(record).toContainText(
    'Rejected by an administrator: The description does not say what the agent does.',
  );
  await record.getByRole('button', { name: 'Appeal this decision' }).click();
  await record.getByLabel('Why should an administrator reconsider? You can appeal once.').fill('short');
  await record.getByRole('button', { name: 'Send appeal' }).click();
  await expect(record.getByRole('alert')).toContainText('at least 10 characters');
  await record
    .getByLabel('Why should an administrator reconsider? You can appeal once.')
    .fill('It does: it turns meeting notes into decisions and owners.');
  await record.getByRole('button', { name: 'Send appeal' }).click();
  await expect(record.getByText('Appealed', { exact: true })).toBeVisible();
  await expect(record.getByRole('button', { name: 'Appeal this decision' })).toHaveCount(0);
  await expectFitsTheScreen(page, 'Public record');
  await expectNoSeriousA11yViolations(page);

  await admin.goto('/admin/dashboard?tab=appeals');
  const appeal = admin.getByRole('article', { name: `Appeal for ${name}` });
  await expect(appeal).toContainText('It does: it turns meeting notes into decisions and owners.');
  await expect(appeal).toContainText('The description does not say what the agent does.');
  await appeal.getByLabel('Note for the owner (optional)').fill('Fair point, thanks.');
  await appeal.getByRole('button', { name: 'Uphold' }).click();
  await expect(admin.getByText('Appeal upheld', { exact: true })).toBeVisible();
  await expect(appeal).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();

  await page.reload();
  await expect(record.getByText('Appeal upheld', { exact: true })).toBeVisible();
  await expect(record).toContainText('The listing is back in review. Fair point, thanks.');
});
