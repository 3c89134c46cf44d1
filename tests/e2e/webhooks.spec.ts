import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { expect, expectNoSeriousA11yViolations, signUp, test } from './fixtures.js';

/** Webhooks on /settings (issue 13): add one, keep the secret, send a test event, read the log. */
const screens = [
  { name: 'a phone (360 px)', width: 360, height: 740 },
  { name: 'a desktop', width: 1280, height: 900 },
] as const;

for (const screen of screens) {
  test(`on ${screen.name}, an owner adds a webhook, sends a test event and reads its delivery`, async ({
    page,
    allowConsoleError,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await signUp(page);
      await page.goto('/settings#webhooks');
      const section = page.locator('#webhooks');
      await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
      await expect(section.getByText('No webhooks yet.')).toBeVisible();

      // A bad address is named at its field; nothing is added.
      allowConsoleError(/status of 400 .*\/api\/user\/webhooks\)/);
      await section.getByLabel('Receiver URL').fill('not an address');
      await section.getByRole('button', { name: 'Add webhook' }).click();
      await expect(section.getByText('url must be an http(s) address')).toBeVisible();

      await section.getByLabel('Receiver URL').fill(receiver.url);
      await section.getByRole('checkbox', { name: /claim\.lapsed/ }).check();
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const secret = section.getByRole('status').locator('code').last();
      await expect(secret).toHaveText(/^whsec_/);
      receiver.state.secret = (await secret.textContent())!.trim();
      await section.getByRole('button', { name: 'I have saved it' }).click();
      await expect(section.getByText('Copy the signing secret now')).toBeHidden();

      const webhooks = section.getByRole('list', { name: 'Your webhooks' });
      await expect(webhooks.getByText(receiver.url)).toBeVisible();
      await expect(webhooks.getByText('review.created, claim.lapsed')).toBeVisible();
      await expect(webhooks.getByText('Active')).toBeVisible();

      await webhooks.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText('Test event sent')).toBeVisible();
      const [received] = await receiver.waitFor(1);
      expect(received!.verifyError).toBeNull();

      await webhooks.getByRole('button', { name: 'Deliveries' }).click();
      const log = webhooks.getByRole('list', { name: 'Deliveries' });
      await expect(log.getByText('Delivered')).toBeVisible();
      await expect(log.getByText(/1 attempt; last: HTTP 200 in \d+ ms/)).toBeVisible();
      await log.getByRole('button', { name: 'Send again' }).click();
      await receiver.waitFor(2);
      await expect(log.getByText('Delivered')).toHaveCount(2);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);

      await webhooks.getByRole('button', { name: `Remove the webhook to ${receiver.url}` }).click();
      await expect(section.getByText('No webhooks yet.')).toBeVisible();
    } finally {
      await receiver.close();
    }
  });
}
