import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { makeAdmin } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

let counter = 0;
/** A Sonner toast (its text may also appear on the page it leads to). */
const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const unique = (label: string) => `${label} ${Date.now().toString(36)}${(counter += 1)}`;

/** An account signed in through the API in a context of its own, given the admin role. */
async function adminContext(baseURL: string): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL });
  const email = `admin-${Date.now()}-${(counter += 1)}@example.com`;
  const response = await context.post('/api/auth/register', {
    data: { email, password: 'Correct-Horse-42', firstName: 'Ada', lastName: 'Admin' },
  });
  expect(response.status()).toBe(201);
  await makeAdmin(email);
  return context;
}

/** Creates a draft as the page's signed-in owner and submits it; answers the new agent's id. */
async function submitAgent(
  page: Page,
  fields: { name: string; tagline: string; repoUrl?: string; description?: string },
) {
  const categories = await page.request.get('/api/categories');
  expect(categories.status()).toBe(200);
  const { categories: list } = (await categories.json()) as { categories: Array<{ slug: string }> };
  const draft = await page.request.post('/api/drafts', {
    data: {
      description: 'Answers support tickets from the knowledge base and hands hard ones to a person.',
      ...fields,
      category: list[0]!.slug,
      tags: ['support'],
      websiteUrl: 'https://example.com/agent',
      pricing: 'free',
    },
  });
  expect(draft.status()).toBe(201);
  const { id } = (await draft.json()) as { id: number };
  const submitted = await page.request.post(`/api/drafts/${id}/submit`);
  expect(submitted.status()).toBe(201);
  return ((await submitted.json()) as { agentId: number }).agentId;
}

test('a rejection shows its reason on the status page and on My Agents, and the owner resubmits', async ({
  page,
  baseURL,
  allowConsoleError,
}) => {
  await signUp(page);
  const repository = `https://github.com/e2e-owner/triage-${Date.now().toString(36)}`;
  const holderName = unique('Repository Holder');
  await submitAgent(page, {
    name: holderName,
    tagline: 'Already lists the repository.',
    repoUrl: repository,
  });
  const name = unique('Ticket Triage');
  const agentId = await submitAgent(page, { name, tagline: 'Sorts the support queue before you wake up.' });
  const admin = await adminContext(baseURL!);
  const reason = 'The description does not say which help desks it connects to.';
  const rejected = await admin.post(`/api/admin/agents/${agentId}/reject`, { data: { reason } });
  expect(rejected.status()).toBe(200);

  await page.goto(`/agent-status/${agentId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not approved' })).toBeVisible();
  const timeline = page.getByRole('list', { name: /Timeline/ });
  await expect(timeline.getByText('Submitted for review', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Not approved', { exact: true })).toBeVisible();
  await expect(timeline.getByText(reason)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'My Agents', exact: true }).click();
  await expect(page).toHaveURL(/\/my-agents$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card).toContainText(reason);
  await expect(card.getByRole('link', { name: /View listing/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('link', { name: `Status of ${name}` }).click();
  await page.getByRole('link', { name: 'Edit and resubmit' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-agent/${agentId}$`));
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  // A repository another listing has is refused with the server's message naming that listing.
  allowConsoleError(/status of 409/);
  await page.getByLabel('Repository URL').fill(repository);
  await page.getByRole('button', { name: 'Save and resubmit' }).click();
  await expect(toastWith(page, `This repository is already listed as “${holderName}”.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/edit-agent/${agentId}$`));
  await page.getByLabel('Repository URL').fill('');
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Answers support tickets from Zendesk and Freshdesk, and hands hard ones to a person.');
  await page.getByRole('button', { name: 'Save and resubmit' }).click();
  await expect(toastWith(page, 'Resubmitted for review')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/agent-status/${agentId}$`));
  await expect(page.getByRole('heading', { name: 'In review' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: /Timeline/ }).getByText('Resubmitted for review'),
  ).toBeVisible();
  await admin.dispose();
});

test(
  'an edit of a published agent waits for review while the old version stays live',
  { tag: '@smoke' },
  async ({ page, baseURL }) => {
    await signUp(page);
    const name = unique('Invoice Clerk');
    const oldTagline = 'Reads invoices and files them in your books.';
    const newTagline = 'Reads invoices, checks totals and files them in your books.';
    const agentId = await submitAgent(page, { name, tagline: oldTagline });
    const admin = await adminContext(baseURL!);
    expect((await admin.post(`/api/admin/agents/${agentId}/approve`)).status()).toBe(200);

    await page.goto('/my-agents');
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    const tagline = page.getByLabel('Tagline');
    await expect(tagline).toHaveValue(oldTagline);
    await expectNoSeriousA11yViolations(page);
    await tagline.fill(newTagline);

    // Leaving with unsaved edits asks first; Cancel keeps the edit.
    await page.getByRole('link', { name: 'Status', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await expect(dialog).toContainText(
      'You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(tagline).toHaveValue(newTagline);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toastWith(page, 'Changes submitted for review')).toBeVisible();
    await expect(
      toastWith(page, 'Your listing stays live until an admin approves the changes.'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/agent-status/${agentId}$`));
    await expect(page.getByRole('heading', { name: 'Published', exact: true })).toBeVisible();
    await expect(page.getByText('An edit is waiting for review')).toBeVisible();
    await expect(
      page.getByRole('list', { name: /Timeline/ }).getByText('Edit submitted for review'),
    ).toBeVisible();

    const status = (await (await page.request.get(`/api/agents/${agentId}/status`)).json()) as {
      agent: { slug: string };
    };
    const publicPage = await page.context().browser()!.newPage({ baseURL });
    await publicPage.goto(`/agents/${status.agent.slug}`);
    await expect(publicPage.getByText(oldTagline).first()).toBeVisible();
    await expect(publicPage.getByText(newTagline)).toHaveCount(0);

    await page.goto('/my-agents');
    await expect(page.getByRole('article', { name }).getByText('Edit waiting for review')).toBeVisible();

    // The form reopens on the waiting edit, and says so.
    await page.goto(`/edit-agent/${agentId}`);
    await expect(page.getByText('You are editing changes that wait for review')).toBeVisible();
    await expect(page.getByLabel('Tagline')).toHaveValue(newTagline);

    expect((await admin.post(`/api/admin/agents/${agentId}/approve`)).status()).toBe(200);
    await publicPage.reload();
    await expect(publicPage.getByText(newTagline).first()).toBeVisible();
    await publicPage.close();

    await page.goto('/my-agents');
    await expect(page.getByRole('article', { name }).getByText('Edit waiting for review')).toHaveCount(0);
    await page.goto(`/agent-status/${agentId}`);
    await expect(page.getByRole('list', { name: /Timeline/ }).getByText('Edit approved')).toBeVisible();

    // "Leave Page" drops an unsaved edit.
    await page.getByRole('link', { name: 'Edit listing' }).click();
    await page.getByLabel('Name', { exact: true }).fill(`${name} (renamed)`);
    await page.getByRole('link', { name: 'Status', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Unsaved Changes' })
      .getByRole('button', { name: 'Leave Page' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/agent-status/${agentId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await admin.dispose();
  },
);

test("someone else's agent shows the not-found state on the edit and status pages", async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signUp(owner);
  const agentId = await submitAgent(owner, {
    name: unique('Private Agent'),
    tagline: 'Belongs to someone else entirely.',
  });
  await ownerContext.close();

  await signUp(page);
  // The API answers 404 for an agent that is not ours, and the browser logs that response.
  allowConsoleError(/status of 404/);
  for (const path of [`/edit-agent/${agentId}`, `/agent-status/${agentId}`, '/agent-status/not-a-number']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Agent not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My Agents' })).toHaveAttribute('href', '/my-agents');
  }
  await page.getByRole('link', { name: 'Go to My Agents' }).click();
  await expect(page.getByRole('heading', { name: 'You have not listed an agent yet' })).toBeVisible();
});

test("an owner's Markdown is rendered in a worker and sanitized on the agent page", async ({
  page,
  baseURL,
  allowConsoleError,
}) => {
  // Chromium reports the handler under the page's policy as DOMPurify parses it into its inert
  // document, where it never runs; the sanitized HTML no longer has it.
  allowConsoleError(/Executing inline event handler violates the following Content Security Policy/);
  await signUp(page);
  const name = unique('Markdown Maker');
  const agentId = await submitAgent(page, {
    name,
    tagline: 'Writes its own description in Markdown, with a few tricks.',
    description: [
      'Reads the [docs](https://example.com/docs) and never a [trap](javascript:window.pwned=1).',
      '',
      '## What it knows',
      '',
      '- tables',
      '- lists',
      '',
      '<script>window.pwned = 1</script>',
      '<img src="/favicon.svg" alt="logo" onerror="window.pwned = 1">',
      '<form><input name="secret"></form>',
    ].join('\n'),
  });
  const admin = await adminContext(baseURL!);
  expect((await admin.post(`/api/admin/agents/${agentId}/approve`)).status()).toBe(200);
  const status = (await (await page.request.get(`/api/agents/${agentId}/status`)).json()) as {
    agent: { slug: string };
  };

  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`/agents/${status.agent.slug}`);
  const description = page.locator('.prose-agent');
  await expect(description.getByRole('heading', { name: 'What it knows', level: 2 })).toBeVisible();
  await expect(description.getByRole('listitem')).toHaveText(['tables', 'lists']);
  // Parsed off the page's thread.
  expect(workers.some((url) => /markdown\.worker/.test(url))).toBe(true);

  // Links open in a new tab without referrer or ranking; a script link loses its target.
  const docs = description.getByRole('link', { name: 'docs' });
  await expect(docs).toHaveAttribute('href', 'https://example.com/docs');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(description.getByText('trap')).toBeVisible();
  await expect(description.locator('[href^="javascript"]')).toHaveCount(0);
  // Nothing the owner typed runs: no script, no handler, no form; the image itself stays.
  await expect(description.getByRole('img', { name: 'logo' })).toHaveAttribute('src', '/favicon.svg');
  await expect(description.locator('script, form, input, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});
