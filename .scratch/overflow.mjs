import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
await page.goto('http://127.0.0.1:3300/agents/patchwork');
await page.getByRole('region', { name: 'Health' }).waitFor();
await page.waitForTimeout(1500);
const wide = await page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) out.push(`${el.tagName}.${String(el.className).slice(0,60)} right=${Math.round(r.right)} text=${(el.textContent||'').slice(0,40)}`);
  }
  return { overflow: document.documentElement.scrollWidth - window.innerWidth, out: out.slice(0, 15) };
});
console.log(JSON.stringify(wide, null, 1));
await page.getByRole('region', { name: 'Health' }).screenshot({ path: '/tmp/health-360b.png' });
await browser.close();
