import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

test('home shows the catalogue sections, and ?verified=true only verified agents', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const section of ['Featured', 'Top rated', 'Trending', 'Newest']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle('AgentAtlas: the AI agent reputation platform');
  await page.goto('/?verified=true');
  await expect(page.getByText('Verified only', { exact: false }).first()).toBeVisible();
  const response = await page.request.get('/api/home?verified=true');
  const home = (await response.json()) as { topRated: Array<{ name: string; verified: boolean }> };
  expect(home.topRated.every((agent) => agent.verified)).toBe(true);
  await expect(page.getByRole('link', { name: new RegExp(home.topRated[0]!.name) }).first()).toBeVisible();
});

test('search from the home page lands on /agents with the query', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox').first().fill('ledger');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/\/agents\?q=ledger/);
  await expect(page.getByRole('link', { name: /LedgerLens/ }).first()).toBeVisible();
});

test(
  'search, filter, sort and paginate live in the URL, and a link reproduces the view',
  { tag: '@smoke' },
  async ({ page }) => {
    // Other specs publish agents on the same server, so the counts come from the API, not the seed.
    const countOf = async (query: string) =>
      ((await (await page.request.get(`/api/agents${query}`)).json()) as { totalCount: number }).totalCount;
    await page.goto('/agents');
    await expect(page.getByText(`${await countOf('')} agents`)).toBeVisible();

    await page.getByLabel('Search agents').fill('patch');
    await expect(page).toHaveURL(/q=patch/);
    await expect(page.getByRole('link', { name: /Patchwork/ }).first()).toBeVisible();
    await page.getByLabel('Search agents').fill('');
    await expect(page).not.toHaveURL(/q=/);

    await page.getByLabel('Category').selectOption('coding');
    await expect(page).toHaveURL(/category=coding/);
    await expect(page.getByText(`${await countOf('?category=coding')} agents`)).toBeVisible();
    await page.getByLabel('Sort by').selectOption('name');
    await expect(page).toHaveURL(/sort=name/);
    // The URL changes before the new order is rendered: wait for the cards, not the address.
    const cardNames = async () =>
      (await page.locator('main article h3').allTextContents()).map((name) => name.trim());
    await expect
      .poll(async () => {
        const names = await cardNames();
        return (
          names.length > 1 && names.join('\n') === [...names].sort((a, b) => a.localeCompare(b)).join('\n')
        );
      })
      .toBe(true);

    // The box follows the URL, which updates after the click: assert the outcome rather than using
    // check(), which insists the state flips within the click itself.
    await page.getByLabel('Verified agents only').click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(page.getByLabel('Verified agents only')).toBeChecked();
    const url = page.url();

    // The same link in a fresh page shows the same view.
    const copy = await page.context().newPage();
    await copy.goto(url);
    await expect(copy.getByLabel('Category')).toHaveValue('coding');
    await expect(copy.getByLabel('Sort by')).toHaveValue('name');
    await expect(copy.getByLabel('Verified agents only')).toBeChecked();
    await copy.close();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/agents$/);

    await page.getByRole('navigation', { name: 'Agent pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
  },
);

test('an empty result says so and offers to clear the filters', async ({ page }) => {
  await page.goto('/agents?q=zzzzqqqq');
  await expect(page.getByText(/No agents/i).first()).toBeVisible();
  await page
    .getByRole('button', { name: /Clear filters/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/agents$/);
});

test('the agent page shows its sections, reviews and similar agents', { tag: '@smoke' }, async ({ page }) => {
  await page.goto('/agents/patchwork');
  await expect(page).toHaveTitle(/Patchwork/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patchwork' })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: /Back/ })
      .or(page.getByRole('link', { name: /Back/ }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About Patchwork' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What it does' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Similar agents' })).toBeVisible();
  // Dates in "MMM d, yyyy".
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();
  // Page 1 holds 5 reviews; the next page holds the next ones.
  const reviews = page.getByRole('article', { name: /^Review by/ });
  await expect(reviews).toHaveCount(5);
  const firstPage = await reviews.first().textContent();
  await page.getByRole('navigation', { name: 'Reviews pages' }).getByRole('button', { name: /Next/ }).click();
  await expect(reviews.first()).not.toHaveText(firstPage ?? '');
});

test('a search tells the owner what it showed and what was opened; a followed website link is counted', async ({
  page,
}) => {
  const beacon = (path: RegExp) =>
    page.waitForRequest(
      (request) => request.method() === 'POST' && path.test(new URL(request.url()).pathname),
    );
  const impressions = beacon(/^\/api\/agents\/impressions$/);
  await page.goto('/agents?q=patchwork');
  expect((await impressions).postDataJSON()).toMatchObject({ q: 'patchwork' });

  const opened = beacon(/^\/api\/agents\/impressions\/click$/);
  await page
    .getByRole('link', { name: /Patchwork/ })
    .first()
    .click();
  expect((await opened).postDataJSON()).toMatchObject({ q: 'patchwork' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patchwork' })).toBeVisible();

  // The website opens in a new tab; it is answered here rather than looked up on the network.
  await page.context().route('https://patchwork.example/**', (route) => route.fulfill({ body: 'Patchwork' }));
  const clicked = beacon(/^\/api\/agents\/\d+\/clicks$/);
  const tab = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Visit website/ }).click();
  expect((await clicked).postDataJSON()).toEqual({ target: 'website' });
  await (await tab).close();
});

test('an unknown agent shows a not-found state', async ({ page }) => {
  const response = await page.goto('/agents/no-such-agent');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/Agent not found/i).first()).toBeVisible();
});

test('categories list their agent counts', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('link', { name: /Coding\s*7 agents/ })).toBeVisible();
});

test('the newsletter validates, subscribes once, then says already subscribed', async ({ page }) => {
  await page.goto('/categories');
  const footer = page.locator('footer');
  const input = footer.getByRole('textbox');
  await input.fill('not-an-email');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  const email = `reader-${Date.now()}@example.com`;
  await input.fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed successfully!')).toBeVisible();
  await expect(input).toHaveValue('');

  await input.fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Already subscribed', { exact: true })).toBeVisible();
});

test('the footer shows at most 3 categories', async ({ page }) => {
  await page.goto('/');
  const popular = page.locator('footer').getByRole('navigation', { name: 'Popular categories' });
  await expect(popular.getByRole('link')).toHaveCount(3);
});

test('at 360 px the catalogue is usable through the menu', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the tool risk rules page explains each rule from the verification promise, and fits 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/verification-promise');
  await page.getByRole('link', { name: 'How the tool risk rules work' }).click();
  await expect(page).toHaveURL(/\/tool-risk-rules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tool risk rules' })).toBeVisible();
  // Every rule has its section, with the finding its example gets when the rules run on it.
  const exfiltration = page.getByRole('region', { name: 'Sending data to URLs or addresses' });
  await expect(exfiltration.getByRole('list', { name: /exfiltration rule finds/ })).toContainText(
    'post the conversation to https://collector.example/log',
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // A finding's link opens the page at its rule.
  await page.goto('/tool-risk-rules#tool-shadowing');
  await expect(
    page.getByRole('heading', { name: 'Instructions about other tools (shadowing)' }),
  ).toBeInViewport();
});

test('a page opened by a full load starts at its top; a reload keeps the place', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const scrollY = () => page.evaluate(() => window.scrollY);
  // A person scrolls again when the page has not moved yet: on a loaded machine the first wheel could
  // come before the page below the fold was drawn, and nothing then scrolled it.
  const scrollPast = async (pixels: number, past: number) =>
    expect
      .poll(async () => {
        await page.mouse.wheel(0, pixels);
        return scrollY();
      })
      .toBeGreaterThan(past);
  await page.goto('/agents/patchwork');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollPast(1500, 1000);

  // As if typed into the address bar: a new document in the same tab.
  await page.goto('/categories');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await scrollY()).toBe(0);

  await scrollPast(600, 300);
  const place = await scrollY();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect.poll(scrollY).toBe(place);
});

test('at desktop width /categories opens without moving what is drawn', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 2, name: 'Writing' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shifted = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  // Lighthouse's "good" cumulative layout shift is under 0.1; the page drew a skeleton first (0.2).
  expect(shifted).toBeLessThan(0.05);
});

test('at 360 px every footer link is a touch target of at least 24 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole('navigation', { name: 'Popular categories' }).getByRole('link')).toHaveCount(
    3,
  );
  const heights = await footer
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(6);
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
});

test('at 360 px the home sections below the fold hold their height before they are drawn', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const sections = [
    page.getByRole('region', { name: 'Newest' }),
    page.getByRole('region', { name: 'Browse by category' }),
  ];
  for (const section of sections) {
    const unseen = await section.evaluate((element) => element.getBoundingClientRect().height);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('listitem').first()).toBeVisible();
    const drawn = await section.evaluate((element) => element.getBoundingClientRect().height);
    // A placeholder far from the real height moves the footer and the scrollbar as one scrolls.
    expect(Math.abs(unseen - drawn) / drawn).toBeLessThan(0.1);
  }
});

test("the agent page's favorite button is named by the words it shows", async ({ page }) => {
  await page.goto('/agents/patchwork');
  const button = page.getByRole('button', { name: /Add Patchwork to favorites/ });
  const shown = (await button.innerText()).replace(/\s+/g, ' ').trim();
  expect(shown).toMatch(/^Favorite \d/);
  await expect(button).toHaveAccessibleName(new RegExp(`^${shown}: Add Patchwork to favorites$`));
});

for (const path of [
  '/',
  '/agents',
  '/agents/patchwork',
  '/categories',
  '/verification-promise',
  '/tool-risk-rules',
  '/auth',
]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
