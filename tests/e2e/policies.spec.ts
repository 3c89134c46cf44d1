import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/**
 * A policy view from the browser (issue 36): a person creates a view with manual approval that
 * includes Patchwork, sees why every other server is excluded, approves Patchwork from the queue,
 * and finds it in the view's registry and in its signed changelog; at 360 px and desktop, axe clean.
 */
const PATCHWORK = '1.0.0.127/patchwork';

test('a policy view: created from the form, its preview with reasons, an approval from the queue, the changelog', async ({
  page,
}) => {
  await signUp(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/policies');
  await expect(page.getByRole('heading', { name: 'Policy views', level: 1 })).toBeVisible();
  await expect(page.getByText('No policy view yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Name', { exact: true }).fill('Team tools');
  await page.getByLabel('Slug', { exact: true }).fill('team-tools');
  await page.getByLabel('Approval', { exact: true }).selectOption('manual');
  // Health and advisories move with the demo's probes and other tests; this view is about the queue.
  await page.getByText('Up at its last probe').click();
  await page.getByText('No open advisory').click();
  await page.getByLabel('Only these servers (one name a line; empty for all)').fill(PATCHWORK);
  await page.getByRole('button', { name: 'Create view' }).click();

  await expect(page).toHaveURL(/\/policies\/team-tools$/);
  await expect(page.getByRole('heading', { name: 'Team tools', level: 1 })).toBeVisible();
  await expect(page.getByText('http://127.0.0.1:3100/p/team-tools', { exact: true })).toBeVisible();
  const servers = page.getByRole('list', { name: 'Servers' });
  const patchwork = servers.getByRole('listitem').filter({ hasText: PATCHWORK });
  await expect(patchwork.getByText('Waiting for approval')).toBeVisible();
  const excluded = servers.getByRole('listitem').filter({ hasText: 'Excluded' }).first();
  await expect(excluded.getByText('Not among the servers the view includes')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  await patchwork.getByRole('button', { name: 'Approve' }).click();
  await expect(patchwork.getByText('Admitted')).toBeVisible();
  const changelog = page.getByRole('list', { name: 'Changelog' });
  await expect(
    changelog.getByRole('listitem').filter({ hasText: PATCHWORK }).getByText('Approved', { exact: true }),
  ).toBeVisible();

  const registry = await page.request.get('/p/team-tools/v0.1/servers');
  const body = (await registry.json()) as { servers: Array<{ server: { name: string } }> };
  expect(body.servers.map((entry) => entry.server.name)).toEqual([PATCHWORK]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page);
  await page.goto('/policies');
  await expect(page.getByRole('link', { name: 'Team tools' })).toBeVisible();
  await expect(page.getByText('1 admitted · 0 waiting for approval · manual approval')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
