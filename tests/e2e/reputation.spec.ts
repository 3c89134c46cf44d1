import { request as apiRequest, type Page } from '@playwright/test';
import { makeOwner } from './accounts.js';
import { expect, signUp, test } from './fixtures.js';

let counter = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${(counter += 1)}@example.com`;
const PASSWORD = 'Correct-Horse-42';

/** Creates an account without touching the page's cookies (the page stays signed out). */
async function createAccount(baseURL: string, email: string) {
  const context = await apiRequest.newContext({ baseURL });
  const response = await context.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Rae', lastName: 'Viewer' },
  });
  expect(response.status()).toBe(201);
  await context.dispose();
}

async function writeReview(page: Page, options: { stars: number; body: string }) {
  const dialog = page.getByRole('dialog', { name: /Write a review of/ });
  await dialog
    .getByRole('radio', { name: options.stars === 1 ? '1 star' : `${options.stars} stars` })
    .check();
  await dialog.getByLabel('Review', { exact: true }).fill(options.body);
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Review posted')).toBeVisible();
}

test('a signed-out reviewer signs in through the dialog and lands in the review form; then edits and deletes it', async ({
  page,
  baseURL,
}) => {
  const email = freshEmail('reviewer');
  await createAccount(baseURL!, email);
  await page.goto('/agents/ledgerlens');
  await page.getByRole('button', { name: 'Write a review' }).first().click();
  const auth = page.getByRole('dialog', { name: 'Login' });
  await expect(auth).toBeVisible();
  await auth.getByLabel('Email').fill(email);
  await auth.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await auth.getByRole('button', { name: 'Login' }).click();

  await writeReview(page, {
    stars: 4,
    body: 'Reconciled a quarter of transactions without a single mistake.',
  });
  const mine = page.getByRole('article', { name: /Review by Rae Viewer/ });
  await expect(mine).toContainText('Reconciled a quarter of transactions');

  await mine.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit your review' });
  await edit.getByRole('radio', { name: '2 stars' }).check();
  await edit
    .getByLabel('Review', { exact: true })
    .fill('After a month the reconciliation drifted; support was slow.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Review updated')).toBeVisible();
  await expect(mine).toContainText('support was slow');

  await mine.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete your review?' })
    .getByRole('button', { name: 'Delete review' })
    .click();
  await expect(page.getByText('Review deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: /Review by Rae Viewer/ })).toHaveCount(0);
});

test(
  'the owner sees a review arrive on the bell within 2 seconds, replies, and marks all read',
  { tag: '@smoke' },
  async ({ browser, baseURL }) => {
    const ownerEmail = freshEmail('owner');
    await createAccount(baseURL!, ownerEmail);
    await makeOwner(ownerEmail, 'quill-and-ink');

    const ownerContext = await browser.newContext({ baseURL });
    const owner = await ownerContext.newPage();
    await owner.request.post('/api/auth/login', { data: { username: ownerEmail, password: PASSWORD } });
    await owner.goto('/agents/quill-and-ink');
    const bell = owner.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/Notifications, 1 unread/);

    const reviewerContext = await browser.newContext({ baseURL });
    const reviewer = await reviewerContext.newPage();
    await signUp(reviewer);
    await reviewer.goto('/agents/quill-and-ink');
    await reviewer.getByRole('button', { name: 'Write a review' }).first().click();
    await writeReview(reviewer, { stars: 5, body: 'Kept my voice across a 40-page grant proposal.' });

    await expect(bell).toHaveAccessibleName(/Notifications, 2 unread/, { timeout: 2000 });

    await owner.reload();
    const review = owner.getByRole('article', { name: /Review by Eve Tester/ }).first();
    await review.getByRole('button', { name: 'Reply' }).click();
    await owner.getByLabel('Your reply').fill('Thank you! Long-form is exactly what we built it for.');
    await owner.getByRole('button', { name: 'Post reply' }).click();
    await expect(owner.getByText('Reply posted')).toBeVisible();
    await expect(review).toContainText('Reply from the owner of Quill & Ink');

    await owner.evaluate(() => window.scrollTo(0, 0));
    await bell.click();
    const popover = owner.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByText('New 5-star review of Quill & Ink')).toBeVisible();
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(owner.getByText('All notifications marked as read')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await ownerContext.close();
    await reviewerContext.close();
  },
);

test(
  'favorite an agent, tag it, note it, filter by tag, and remove it',
  { tag: '@smoke' },
  async ({ page }) => {
    await signUp(page);
    await page.goto('/agents/patchwork');
    await page.getByRole('button', { name: /Add Patchwork to favorites/ }).click();
    await expect(page.getByRole('button', { name: /Remove Patchwork from favorites/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/agents/vigil');
    await page.getByRole('button', { name: /Add Vigil to favorites/ }).click();
    await expect(page.getByRole('button', { name: /Remove Vigil from favorites/ })).toBeVisible();

    await page.goto('/favorites');
    const patchwork = page.getByRole('article', { name: 'Patchwork' });
    await patchwork.getByLabel('Add a tag to Patchwork').fill('Code Review');
    await patchwork.getByRole('button', { name: 'Add tag' }).click();
    await expect(patchwork.getByRole('button', { name: 'Remove tag code review' })).toBeVisible();
    await patchwork.getByLabel('Notes').fill('Trial on the payments repo');
    await patchwork.getByRole('button', { name: 'Save notes' }).click();
    await page.reload();
    await expect(page.getByRole('article', { name: 'Patchwork' }).getByLabel('Notes')).toHaveValue(
      'Trial on the payments repo',
    );

    await page
      .getByRole('group', { name: 'Filter by tag' })
      .getByRole('button', { name: 'code review' })
      .click();
    await expect(page.getByRole('article', { name: 'Vigil' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Patchwork' })).toBeVisible();

    await page
      .getByRole('group', { name: 'Filter by tag' })
      .getByRole('button', { name: 'All tags' })
      .click();
    await expect(page.getByRole('article', { name: 'Vigil' })).toBeVisible();
    await page
      .getByRole('article', { name: 'Patchwork' })
      .getByRole('button', { name: 'Remove Patchwork from favorites' })
      .click();
    await expect(page.getByText('Removed from favorites')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Patchwork' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Vigil' })).toBeVisible();
  },
);

test('signed out, the heart opens the auth dialog', async ({ page }) => {
  await page.goto('/agents/patchwork');
  await page.getByRole('button', { name: /Add Patchwork to favorites/ }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});
