import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[360, 740], [1280, 900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto('http://127.0.0.1:3300/agents/patchwork');
  const health = page.getByRole('region', { name: 'Health' });
  await health.waitFor();
  await page.getByText('3 tools offered').click();
  await health.screenshot({ path: `/tmp/health-${w}.png` });
  await page.screenshot({ path: `/tmp/page-${w}.png`, fullPage: false });
}
await browser.close();
