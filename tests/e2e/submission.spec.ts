import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { e2eServer, signInAtGithub } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

let counter = 0;

/** A GitHub account at the fake GitHub with one repository the AgentAtlas app can see. */
async function githubAccountWithRepository() {
  counter += 1;
  const login = `e2e-owner-${Date.now().toString(36)}-${counter}`;
  const account = {
    id: 700_000 + Math.floor(Math.random() * 100_000),
    login,
    name: 'Eve Owner',
    emails: [{ email: `${login}@example.com`, primary: true, verified: true }],
    repositories: [
      {
        owner: login,
        name: 'paper-pilot',
        description: 'Reads research papers and answers questions about them',
        topics: ['research', 'papers', 'summaries'],
        homepage: 'https://paper-pilot.example.com',
        license: { spdx_id: 'MIT', name: 'MIT License' },
        stars: 1234,
        readme:
          '# Paper Pilot\n\nPaper Pilot reads research papers for you, answers questions about them and cites the page it found the answer on.',
      },
    ],
  };
  await signInAtGithub(account);
  return { login, fullName: `${login}/paper-pilot` };
}

async function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 4, background: '#4f46e5' } })
    .png()
    .toBuffer();
}

function saveStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: /Saving…|Saved|Not saved/ });
}

test(
  'an owner imports a repository through the GitHub popup, keeps a draft, uploads a logo and submits it',
  { tag: '@smoke' },
  async ({ page, allowConsoleError }) => {
    // The whole path in one test (popup, autosave, three accessibility scans, upload, two submissions).
    test.setTimeout(60_000);
    await signUp(page);
    const { fullName } = await githubAccountWithRepository();

    await page.goto('/submit-agent');
    await expect(page.getByRole('heading', { name: 'Where is your agent?' })).toBeVisible();

    // Connect GitHub through the 600×700 popup; the fake GitHub's authorize page has an #authorize link.
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    const popup = await popupPromise;
    await popup.locator('#authorize').click();
    await expect(page.getByText('GitHub Connected')).toBeVisible();
    await expect(page.getByText('Your GitHub account is now connected')).toBeVisible();

    // Pick the repository: the form is prefilled from it and becomes a draft with its id in the URL.
    await page.getByRole('button', { name: `Use ${fullName}` }).click();
    await expect(page.getByRole('heading', { name: 'Describe your agent' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('paper-pilot');
    await expect(page.getByLabel('Tagline')).toHaveValue(
      'Reads research papers and answers questions about them',
    );
    await expect(page.getByLabel('Description')).toHaveValue(/Paper Pilot reads research papers for you/);
    await expect(page.getByLabel('Website URL')).toHaveValue('https://paper-pilot.example.com');
    await expect(page.getByLabel('Repository URL')).toHaveValue(`${e2eServer().github}/${fullName}`);
    await expect(page.getByLabel('License')).toHaveValue('MIT');
    await expect(page.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveText([
      /research/,
      /papers/,
      /summaries/,
    ]);
    await expect(page.getByText('1.2K')).toBeVisible();
    await expect(page).toHaveURL(/\/submit-agent\?draft=\d+/);
    const draftId = new URL(page.url()).searchParams.get('draft');
    await expect(saveStatus(page)).toHaveText(/Saved/);

    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Pricing').selectOption('open-source');

    // Leaving with a change not saved yet asks first; Cancel stays on the form. The save is held back
    // at the network so the change is still unsaved whatever the machine's speed.
    let releaseSave: () => void = () => undefined;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const draftUrl = /\/api\/drafts\/\d+$/;
    await page.route(draftUrl, async (route) => {
      if (route.request().method() === 'PUT') await saveHeld;
      await route.continue();
    });
    await page.getByLabel('Name').fill('Paper Pilot');
    await page.getByRole('link', { name: 'Agents', exact: true }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/submit-agent\?draft=\d+/);

    // Once the autosave has stored the change, leaving is free.
    releaseSave();
    await expect(saveStatus(page)).toHaveText(/Saved/);
    await page.unroute(draftUrl);
    await page.getByRole('link', { name: 'Agents', exact: true }).first().click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(dialog).toBeHidden();

    // Back through My Drafts: the draft is there and resumes on the details step.
    await page.goto('/my-drafts');
    await expect(page.getByRole('heading', { name: 'Paper Pilot' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Resume Paper Pilot' }).click();
    await expect(page).toHaveURL(new RegExp(`/submit-agent\\?draft=${draftId}$`));
    await expect(page.getByLabel('Name')).toHaveValue('Paper Pilot');
    await expect(page.getByLabel('Pricing')).toHaveValue('open-source');

    // Upload a logo: the server re-encodes it and the preview shows it.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await expect(page.getByRole('img', { name: 'Paper Pilot logo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();
    await expect(saveStatus(page)).toHaveText(/Saved/);

    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await expect(page.getByRole('heading', { name: 'Preview & submit' })).toBeVisible();
    await expect(page.getByText('Paper Pilot reads research papers for you')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page).toHaveURL(/\/agent-status\/\d+$/);
    await expect(page.getByText('Your agent has been submitted for review.')).toBeVisible();

    // The submitted draft is gone from My Drafts.
    await page.goto('/my-drafts');
    await expect(page.getByRole('heading', { name: 'No drafts yet' })).toBeVisible();

    // A second submission of the same repository is refused, naming the listing it already has.
    allowConsoleError(/status of 409/);
    const copy = await page.request.post('/api/drafts', {
      data: {
        name: 'Paper Pilot again',
        tagline: 'The same repository submitted a second time',
        description: 'A second listing for a repository that is already listed must be refused.',
        category: 'research',
        pricing: 'free',
        repoUrl: `${e2eServer().github}/${fullName}`,
        githubRepo: fullName,
      },
    });
    expect(copy.status()).toBe(201);
    const { id: copyId } = (await copy.json()) as { id: number };
    await page.goto(`/submit-agent?draft=${copyId}`);
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Error submitting draft')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This repository is already listed as “Paper Pilot”.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/submit-agent\\?draft=${copyId}$`));
  },
);

test('a missing field is shown inline and focused; a logo that is too large is refused before upload', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/submit-agent-new');
  await page.getByRole('button', { name: 'Skip: enter details by hand' }).click();
  await expect(page.getByRole('heading', { name: 'Describe your agent' })).toBeVisible();

  await page.getByLabel('Name').fill('Hand Made');
  await page.getByLabel('Tagline').fill('An agent typed in by hand, field by field');
  await page
    .getByLabel('Description')
    .fill('It does one thing well: it shows that a missing category is caught.');
  await page.getByLabel('Pricing').selectOption('free');
  await page.getByLabel('Website URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Continue to preview' }).click();

  const category = page.getByLabel('Category');
  await expect(category).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Choose a category')).toHaveCount(2); // the placeholder option and the message
  await expect(category).toBeFocused();
  await expect(page.getByLabel('Website URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Website must be a full http:// or https:// address')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(1024 * 1024 + 1, 1),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'The file is larger than 1 MB.' })).toBeVisible();

  // Discarding the draft deletes it and clears the form.
  await expect(page).toHaveURL(/\/submit-agent-new\?draft=\d+$/);
  await page.getByRole('button', { name: 'Discard draft' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this draft?' });
  await confirm.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page.getByText('Your draft has been deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/submit-agent-new$/);
  await expect(page.getByRole('heading', { name: 'Where is your agent?' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip: enter details by hand' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('');
});

test('signed out, the form invites to sign in and comes back to it', async ({ page }) => {
  await page.goto('/submit-agent');
  await expect(page.getByRole('heading', { name: 'Sign in to submit an agent' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).last()).toHaveAttribute(
    'href',
    '/auth?tab=login&returnPath=%2Fsubmit-agent',
  );
  await expect(page.getByRole('link', { name: 'Create Account' }).last()).toHaveAttribute(
    'href',
    '/auth?tab=register&returnPath=%2Fsubmit-agent',
  );
});

test('the GitHub callback page opened directly explains itself', async ({ page }) => {
  await page.goto('/submit-agent/github-callback?code=abc&state=xyz');
  await expect(page.getByRole('heading', { name: 'Nothing to finish here' })).toBeVisible();
  await page.goto('/submit-agent/github-callback?error=access_denied');
  await expect(page.getByText('GitHub answered: access_denied')).toBeVisible();
});

test('a message with a forged state aborts the GitHub flow without asking the server', async ({ page }) => {
  await signUp(page);
  await githubAccountWithRepository();
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/github/auth/callback')) callbacks.push(request.url());
  });
  await page.goto('/submit-agent');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  const popup = await popupPromise;
  await page.evaluate(() =>
    window.postMessage(
      { type: 'github-oauth-success', code: 'stolen-code', state: 'forged-state' },
      window.location.origin,
    ),
  );
  await expect(page.getByText('GitHub Authentication Error')).toBeVisible();
  await expect(page.getByText('Failed to complete GitHub authentication')).toBeVisible();
  await popup.close();
  await expect(page.getByRole('button', { name: 'Connect GitHub' })).toBeEnabled();
  expect(callbacks).toEqual([]);
});

test('closing the tab with an unsaved change raises the browser’s unload warning', async ({ page }) => {
  await signUp(page);
  await page.goto('/submit-agent');
  await page.getByRole('button', { name: 'Skip: enter details by hand' }).click();
  await page.route(/\/api\/drafts(\/\d+)?$/, () => undefined); // never answers: the change stays unsaved
  await page.getByLabel('Name').fill('Unsaved agent');
  const dialogPromise = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await dialogPromise;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
