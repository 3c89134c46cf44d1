import { startFakeA2a } from '../support/fake-a2a.js';
import { makeOwner, pointAgentAt } from './accounts.js';
import { expect, signUp, test } from './fixtures.js';

/**
 * The health panel says whether an A2A card's signature counts, by which key, and why not (issue 40):
 * the owner points a listing at a card the test serves and probes it. A listing of its own (Coldbrew):
 * another spec expects Outlier to have no endpoint.
 */
let a2a: Awaited<ReturnType<typeof startFakeA2a>>;
test.beforeAll(async () => {
  a2a = await startFakeA2a();
});
test.afterAll(async () => {
  await a2a.close();
});

/** Sets the listing's card address straight in the test server's database (the edit flow is not the point). */
test('the health panel names the key that verified a card, or why its signature does not count', async ({
  page,
}) => {
  const { email } = await signUp(page);
  await makeOwner(email, 'coldbrew');
  await pointAgentAt('coldbrew', { agentCardUrl: a2a.url('/self-jwk.json') });
  await page.goto('/agents/coldbrew#health');
  const health = page.getByRole('region', { name: 'Health' });
  await health.getByRole('button', { name: 'Probe now' }).click();
  const card = health.getByRole('region', { name: 'A2A agent card' });
  const signature = card.getByTestId('card-signature');
  await expect(signature.getByText('Card signature does not count')).toBeVisible();
  await expect(signature.getByText(/signed with a key it carries itself \(jwk\)/)).toBeVisible();

  await pointAgentAt('coldbrew', { agentCardUrl: a2a.url('/signed.json') });
  await health.getByRole('button', { name: 'Probe now' }).click();
  await expect(
    signature.getByText("Card signature verified with a key from the card's own origin"),
  ).toBeVisible();
  await expect(
    signature.getByText(`Verified with a key from ${a2a.origin}/jwks.json`, { exact: false }),
  ).toBeVisible();
});
