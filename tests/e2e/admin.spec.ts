import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { makeAdmin, signInAtGithub } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/** Letters only, so the catalogue's prefix search finds the whole name as typed. */
function uniqueWord(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

function listing(name: string, category = 'research') {
  return {
    name,
    tagline: 'Reads the literature and answers with citations.',
    description: 'Searches papers, reads them in full and writes answers that cite every source it used.',
    category,
    tags: ['papers', 'citations'],
    websiteUrl: 'https://example.com/agent',
    pricing: 'free',
  };
}

/** Creates a draft with the fields and submits it, as the signed-in owner of that request context. */
async function submitAgent(request: APIRequestContext, fields: Record<string, unknown>): Promise<number> {
  const draft = await request.post('/api/drafts', { data: fields });
  expect(draft.status()).toBe(201);
  const { id } = (await draft.json()) as { id: number };
  const submitted = await request.post(`/api/drafts/${id}/submit`);
  expect(submitted.status()).toBe(201);
  return ((await submitted.json()) as { agentId: number }).agentId;
}

/** A signed-in admin in a browser context of its own. */
async function openAdmin(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { email } = await signUp(page, { firstName: 'Ada', lastName: 'Admin' });
  await makeAdmin(email);
  return page;
}

async function categoryNames(list: Locator): Promise<string[]> {
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

test(
  'an admin approves a submission (listed publicly, the owner told live) and rejects another with a reason',
  { tag: '@smoke' },
  async ({ page, browser, baseURL }) => {
    // The owner: two submissions waiting, and the home page open with the bell.
    await signUp(page, { firstName: 'Otto', lastName: 'Owner' });
    const approvedName = `Zephyr ${uniqueWord()}`;
    const rejectedName = `Quibble ${uniqueWord()}`;
    await submitAgent(page.request, { ...listing(approvedName), githubRepo: 'octo/zephyr' });
    await submitAgent(page.request, listing(rejectedName));
    await page.goto('/');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    // The count the bell must show once it has loaded (the welcome note is unread): read from the API,
    // not from the bell, which says plain "Notifications" until its count arrives.
    const unreadBefore = (
      (await (await page.request.get('/api/notifications/unread-count')).json()) as { count: number }
    ).count;
    await expect(bell).toHaveAccessibleName(
      unreadBefore > 0 ? `Notifications, ${unreadBefore} unread` : 'Notifications',
    );

    const admin = await openAdmin(browser, baseURL!);
    await admin.goto('/admin/dashboard');
    await expect(admin.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    await expect(admin.getByRole('tab', { name: /^Submissions \(\d+\)$/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = admin.getByRole('article', { name: approvedName });
    await expect(card).toContainText('New');
    await expect(card).toContainText('Otto Owner');
    await expect(card).toContainText('Reads the literature and answers with citations.');
    await expect(card).toContainText('octo/zephyr');
    await expect(card.getByRole('list', { name: 'Tags' })).toContainText('citations');

    await card.getByRole('button', { name: `Approve ${approvedName}` }).click();
    await expect(admin.getByText('Agent approved')).toBeVisible();
    await expect(admin.getByRole('article', { name: approvedName })).toHaveCount(0);

    // The owner's bell rises without a reload, and says the agent is live.
    await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} unread`);
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Your agent is live');

    // Listed publicly.
    await admin.goto(`/agents?q=${encodeURIComponent(approvedName)}`);
    await expect(admin.getByRole('link', { name: new RegExp(approvedName) }).first()).toBeVisible();

    // Rejecting asks for a reason of 10 characters or more.
    await admin.goto('/admin/dashboard');
    const rejected = admin.getByRole('article', { name: rejectedName });
    await rejected.getByRole('button', { name: `Reject ${rejectedName}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject this submission' });
    await dialog.getByLabel('Reason for the owner').fill('Too short');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('The reason must be at least 10 characters')).toBeVisible();
    await dialog
      .getByLabel('Reason for the owner')
      .fill('The website does not describe the agent; link to its own page.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('Submission rejected')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(admin.getByRole('article', { name: rejectedName })).toHaveCount(0);

    // The reports tab is one arrow key away; a report is resolved with a note.
    const details = `Pricing differs from the site (${uniqueWord()}).`;
    const patchwork = (await (await page.request.get('/api/agents/patchwork')).json()) as { id: number };
    const reported = await page.request.post(`/api/agents/${patchwork.id}/report`, {
      data: { reason: 'misleading', details },
    });
    expect(reported.status()).toBe(201);
    await admin.reload();
    await admin.getByRole('tab', { name: /^Submissions/ }).focus();
    await admin.keyboard.press('ArrowRight');
    await expect(admin.getByRole('tab', { name: /^Reports/ })).toHaveAttribute('aria-selected', 'true');
    const report = admin.getByRole('article', { name: 'Report of Patchwork' }).filter({ hasText: details });
    await expect(report).toContainText('Misleading or false information');
    await report.getByLabel('Note (optional)').fill('Asked the owner to fix the pricing.');
    await report.getByRole('button', { name: 'Resolve' }).click();
    await expect(admin.getByText('Report resolved')).toBeVisible();
    await expect(report).toHaveCount(0);
    await admin.context().close();
  },
);

test('an edit waits beside the live listing; verification needs evidence; a decision made elsewhere first answers 409', async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/);
  await signUp(page, { firstName: 'Edda', lastName: 'Editor' });
  const name = `Kestrel ${uniqueWord()}`;
  const fields = { ...listing(name), githubRepo: `octo/${uniqueWord()}` };
  const agentId = await submitAgent(page.request, fields);
  const admin = await openAdmin(browser, baseURL!);
  expect((await admin.request.post(`/api/admin/agents/${agentId}/approve`)).status()).toBe(200);
  const edit = await page.request.put(`/api/user/agents/${agentId}`, {
    data: { ...fields, tagline: 'Reads papers and answers with exact page citations.', pricing: 'freemium' },
  });
  expect(edit.status()).toBe(200);

  await admin.goto('/admin/dashboard');
  const card = admin.getByRole('article', { name });
  await expect(card).toContainText('Edit');
  await expect(card).toContainText('2 fields changed');
  // Current and proposed side by side, only the changed rows marked.
  await expect(card).toContainText('Reads the literature and answers with citations.');
  await expect(card).toContainText('Reads papers and answers with exact page citations.');
  await expect(card.locator('[data-changed]')).toHaveCount(2);
  await expectNoSeriousA11yViolations(admin);

  // The owner made no ownership claim: the evidence says so and "Verify" is not offered.
  await card.getByRole('button', { name: 'Check verification' }).click();
  const evidence = card.getByRole('region', { name: `Verification of ${name}` });
  await expect(evidence).toContainText('The owner has made no ownership claim yet.');
  await expect(evidence).toContainText('Verification needs an active ownership claim');
  await expect(evidence.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);

  // Another admin approves first: this one is told, and the queue catches up.
  expect((await admin.request.post(`/api/admin/agents/${agentId}/approve`)).status()).toBe(200);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByText('Failed to approve')).toBeVisible();
  await expect(admin.getByRole('article', { name })).toHaveCount(0);
  await admin.context().close();
});

test('an owner claims the repository by GitHub push access; an admin verifies on the active claim, and unverifies', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, { firstName: 'Vera', lastName: 'Verified' });
  const login = `vera${uniqueWord()}`;
  const repo = `${login}/kestrel`;
  const account = {
    id: Math.floor(Math.random() * 1_000_000) + 1000,
    login,
    name: 'Vera Verified',
    emails: [{ email: `${login}@example.com`, primary: true, verified: true }],
    repositories: [{ owner: login, name: 'kestrel', permission: 'admin' }],
  };
  await signInAtGithub(account);
  // The OAuth web flow without the popup (the submission tests drive the popup itself).
  const { url, state } = (await (await page.request.get('/api/github/auth/url')).json()) as {
    url: string;
    state: string;
  };
  const approve = new URL(url);
  approve.pathname = '/login/oauth/authorize/approve';
  const redirect = await page.request.get(approve.toString(), { maxRedirects: 0 });
  const code = new URL(redirect.headers().location ?? '').searchParams.get('code');
  expect(code).toBeTruthy();
  const callback = await page.request.post('/api/github/auth/callback', { data: { code, state } });
  expect(callback.ok()).toBe(true);
  const name = `Osprey ${uniqueWord()}`;
  const agentId = await submitAgent(page.request, { ...listing(name), githubRepo: repo });

  // The owner's side: claim the repository on the listing's status page and have it checked.
  await page.goto(`/agent-status/${agentId}`);
  const ownership = page.getByRole('region', { name: 'Ownership' });
  await expect(ownership).toContainText('No claims yet.');
  await ownership.getByLabel('Method').selectOption('github');
  await ownership.getByLabel('Repository').fill(repo);
  await ownership.getByRole('button', { name: 'Add claim' }).click();
  await expect(ownership).toContainText('Connect the GitHub account that can push to');
  await expect(ownership.getByText('Pending', { exact: true })).toBeVisible();
  await ownership.getByRole('button', { name: 'Check GitHub repository' }).click();
  await expect(ownership.getByText('Active', { exact: true })).toBeVisible();
  await expect(ownership).toContainText(`${login} has admin access to ${repo} on GitHub.`);
  await expectNoSeriousA11yViolations(page);

  const admin = await openAdmin(browser, baseURL!);
  await admin.goto('/admin/dashboard');
  const card = admin.getByRole('article', { name });
  await expect(card).toContainText(login);
  await card.getByRole('button', { name: 'Check verification' }).click();
  const evidence = card.getByRole('region', { name: `Verification of ${name}` });
  await expect(evidence).toContainText(`Ownership is shown by push access to ${repo} on GitHub.`);
  await expect(evidence.getByText('Active', { exact: true })).toBeVisible();
  await evidence.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(admin.getByText('Agent verified')).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Remove verification' }).click();
  await expect(admin.getByText('Verification removed')).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toHaveCount(0);
  await admin.context().close();
});

test('an admin creates, renames, reorders and deletes categories, moving agents out first', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.close();
  const admin = await openAdmin(browser, baseURL!);
  const first = `Alpha ${uniqueWord()}`;
  const renamed = `Renamed ${uniqueWord()}`;
  const second = `Beta ${uniqueWord()}`;
  await admin.goto('/admin/categories');
  const list = admin.getByRole('list', { name: 'Categories in order' });
  await expect(list.getByRole('heading', { name: 'Coding' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // Create: a too-short name is refused inline first.
  await admin.getByLabel('Name', { exact: true }).fill('A');
  await admin.getByRole('button', { name: 'Create category' }).click();
  await expect(admin.getByText('Name must be at least 2 characters')).toBeVisible();
  await admin.getByLabel('Name', { exact: true }).fill(first);
  await admin.getByLabel('Description').fill('Agents made for the browser tests.');
  await admin.getByRole('radio', { name: 'microscope' }).click();
  await admin.getByRole('button', { name: 'Create category' }).click();
  await expect(admin.getByText('Category created')).toBeVisible();
  await expect(list.getByRole('heading', { name: first })).toBeVisible();

  // Rename in place.
  await list.getByRole('button', { name: `Edit ${first}` }).click();
  const form = list.getByRole('form', { name: `Edit ${first}` });
  await form.getByLabel('Name', { exact: true }).fill(renamed);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Category saved')).toBeVisible();
  await expect(list.getByRole('heading', { name: renamed })).toBeVisible();

  // Move up: it swaps with the one above, and stays there after a reload.
  const before = await categoryNames(list);
  const index = before.indexOf(renamed);
  expect(index).toBeGreaterThan(0);
  await list.getByRole('button', { name: `Move ${renamed} up` }).click();
  await expect
    .poll(() => categoryNames(list))
    .toEqual([...before.slice(0, index - 1), renamed, before[index - 1], ...before.slice(index + 1)]);
  await admin.reload();
  await expect.poll(async () => (await categoryNames(list)).indexOf(renamed)).toBe(index - 1);

  // A category that still has an agent: the server refuses, the dialog offers to move it.
  await admin.getByLabel('Name', { exact: true }).fill(second);
  await admin.getByRole('button', { name: 'Create category' }).click();
  await expect(list.getByRole('heading', { name: second })).toBeVisible();
  const categories = (await (await admin.request.get('/api/admin/categories')).json()) as {
    categories: Array<{ name: string; slug: string }>;
  };
  const secondSlug = categories.categories.find((category) => category.name === second)?.slug;
  expect(secondSlug).toBeTruthy();
  await submitAgent(admin.request, listing(`Mover ${uniqueWord()}`, secondSlug));
  await admin.reload();

  await list.getByRole('button', { name: `Delete ${second}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Delete ${second}?` });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toContainText('1 agent is still in this category');
  await dialog.getByLabel('Move 1 agent to').selectOption({ label: 'Research' });
  await dialog.getByRole('button', { name: 'Move and delete' }).click();
  await expect(admin.getByText('Category deleted')).toBeVisible();
  await expect(list.getByRole('heading', { name: second })).toHaveCount(0);

  // The empty one goes at once.
  await list.getByRole('button', { name: `Delete ${renamed}` }).click();
  const empty = admin.getByRole('dialog', { name: `Delete ${renamed}?` });
  await empty.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(empty).toHaveCount(0);
  await expect(list.getByRole('heading', { name: renamed })).toHaveCount(0);
  await admin.context().close();
});

test('a user uploads a PNG on /storage-basic; an admin sees it on /admin/storage, deletes it and cleans up', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await signUp(page, { firstName: 'Uma', lastName: 'Uploader' });
  await page.goto('/storage-basic');
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#3366ff' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Choose an image or drop it here')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Uploaded.')).toBeVisible();
  await expect(page.getByText('64 × 48 px').first()).toBeVisible();
  await expect(page.getByText('image/webp')).toBeVisible();
  const uploads = page.getByRole('region', { name: 'Your uploads' });
  await expect(uploads.getByRole('button', { name: /^Delete upload \d+$/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // An SVG never leaves the browser.
  await page.getByLabel('Choose an image or drop it here').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByRole('alert')).toContainText('SVG files are not accepted');

  // Not an admin.
  await page.goto('/admin/storage');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();

  const admin = await openAdmin(browser, baseURL!);
  await admin.goto('/admin/storage');
  await expect(admin.getByRole('heading', { name: 'Storage', exact: true })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('64 × 48 px');
  await expectNoSeriousA11yViolations(admin);
  await row.getByRole('button', { name: /^Delete file \d+$/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Delete this file?' });
  await dialog.getByRole('button', { name: 'Delete file' }).click();
  await expect(admin.getByText('File deleted')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  await admin.getByRole('button', { name: 'Remove orphans older than a day' }).click();
  await expect(admin.getByText(/^Removed \d+ files?, freed [\d.]+ KB$/)).toBeVisible();

  await page.goto('/storage-basic');
  await expect(uploads.getByText('No uploads yet')).toBeVisible();
  await admin.context().close();
});

test('signed out, /storage-basic asks to log in and /storage-info shows the limits', async ({ page }) => {
  await page.goto('/storage-basic');
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/auth?returnPath=%2Fstorage-basic',
  );
  await page.goto('/storage-info');
  await expect(page.getByText('Local disk', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('PNG, JPEG, WEBP')).toBeVisible();
  await expect(page.getByText('1 MB')).toBeVisible();
});
