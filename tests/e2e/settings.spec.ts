import { expect, signUp, test } from './fixtures.js';

test('the profile saves names and the anonymous choice', { tag: '@smoke' }, async ({ page }) => {
  await signUp(page);
  await page.goto('/settings');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('switch', { name: 'Show me anonymously' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  const user = (await (await page.request.get('/api/auth/user')).json()) as {
    firstName: string;
    isAnonymous: boolean;
  };
  expect(user).toMatchObject({ firstName: 'Grace', isAnonymous: true });
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
});

test('the password changes with the current one', async ({ page }) => {
  const { email, password } = await signUp(page);
  await page.goto('/settings');
  // Checked on submit: the first field in error gets the focus; corrected, its message goes.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toBeFocused();
  await page.getByLabel('Current password', { exact: true }).fill(password);
  await expect(page.getByText('Current password is required')).toBeHidden();
  await page.getByLabel('New password', { exact: true }).fill('Another-Secret-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { username: email, password: 'Another-Secret-77' },
  });
  expect(login.status()).toBe(200);
});

test('deleting the account needs the password and signs out', async ({ page }) => {
  const { password } = await signUp(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
