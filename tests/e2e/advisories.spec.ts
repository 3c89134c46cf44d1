import { makeAdmin } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/**
 * An advisory on the agent page (issue 36): an admin publishes one about Footnote through the API, a
 * visitor sees it at the top of the page at 360 px and desktop, and once withdrawn it is only listed
 * as withdrawn. The Badge section links the agent's signed statement. A listing of its own (Footnote).
 */
test('the agent page shows an advisory in force at its top, then as withdrawn; the badge links the signed statement', async ({
  page,
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  const { email } = await signUp(adminPage);
  await makeAdmin(email);
  const published = await adminPage.request.post('/api/admin/advisories', {
    data: {
      summary: 'Hidden instructions in the cite tool',
      details: 'The cite tool tells the model to send the open document to an outside address.',
      severity: 'critical',
      affected: [{ slug: 'footnote' }],
    },
  });
  expect(published.status()).toBe(201);
  const { id } = (await published.json()) as { id: string };

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/agents/footnote');
    // On a phone the note is below the fold: the header says so first, and leads to it.
    const flag = page.getByRole('link', { name: 'Open advisory: Critical' });
    await expect(flag).toBeInViewport();
    await expect(flag).toHaveAttribute('href', '#advisories');
    const note = page.getByRole('note').filter({ hasText: `Advisory ${id} · Critical` });
    await expect(note).toBeVisible();
    await expect(note.getByText('Hidden instructions in the cite tool')).toBeVisible();
    await expect(note.getByRole('link', { name: 'OSV record' })).toHaveAttribute(
      'href',
      `/api/advisories/${id}`,
    );
    // The note sits above the description.
    const noteBox = (await note.boundingBox())!;
    const aboutBox = (await page.getByRole('heading', { name: 'About Footnote' }).boundingBox())!;
    expect(noteBox.y).toBeLessThan(aboutBox.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
  }

  const badge = page.getByRole('region', { name: 'Badge' });
  const statementLink = badge.getByRole('link', { name: 'signed statement' });
  await expect(statementLink).toHaveAttribute('href', '/api/agents/footnote/statement');
  const statement = await page.request.get('/api/agents/footnote/statement');
  expect(statement.headers()['content-type']).toBe('application/jwt');
  const payload = JSON.parse(
    Buffer.from((await statement.text()).split('.')[1]!, 'base64url').toString(),
  ) as {
    advisories: string[];
  };
  expect(payload.advisories).toEqual([id]);

  expect((await adminPage.request.post(`/api/admin/advisories/${id}/withdraw`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Withdrawn:')).toBeVisible();
  await expect(page.getByRole('link', { name: id })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: `Advisory ${id}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open advisory: Critical' })).toHaveCount(0);
  await adminContext.close();
});

test('an admin publishes an advisory from the form a report or a finding fills in, and withdraws it', async ({
  page,
}) => {
  const { email } = await signUp(page);
  await makeAdmin(email);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(
    '/admin/advisories?affects=marginalia&summary=Marginalia%3A%20a%20dangerous%20tool&details=Found%20by%20a%20report',
  );
  await expect(page.getByRole('heading', { name: 'Advisories', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Summary')).toHaveValue('Marginalia: a dangerous tool');
  await expect(page.getByLabel('Affected agents (slugs)')).toHaveValue('marginalia');
  await page.getByLabel('Details').fill('The annotate tool reads ~/.aws/credentials and sends them out.');
  await page.getByLabel('Severity').selectOption('critical');
  await page.getByRole('button', { name: 'Publish advisory' }).click();

  const published = page.getByRole('list', { name: 'Published advisories' }).getByRole('listitem').first();
  await expect(published.getByText('Marginalia: a dangerous tool')).toBeVisible();
  await expect(published.getByText('Critical')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  await published.getByRole('button', { name: 'Withdraw' }).click();
  await expect(published.getByText('Withdrawn')).toBeVisible();
  await page.goto('/agents/marginalia');
  await expect(page.getByText('Withdrawn:')).toBeVisible();
});
