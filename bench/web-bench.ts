/**
 * npm run bench:web: builds the client, starts the production server on a fresh demo database and
 * runs Lighthouse with Debian's Chromium on the home page, the listing, an agent page, the categories and the sign-in page, with
 * both of Lighthouse's presets: desktop, and mobile (simulated slow 4G and a 4x slower CPU).
 * Prints performance and accessibility scores and the JavaScript each page loads initially
 * (gzipped, as sent), and writes bench/web-results.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serverEnv, serverNodeFlags } from '../scripts/server-flags.mjs';
import { waitFor } from './wait-for.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(import.meta.dirname, '..');
const port = 3960;
const base = `http://127.0.0.1:${port}`;
const pages = ['/', '/agents', '/agents/patchwork', '/categories', '/auth'];
const targets = { performance: 95, accessibility: 95, homeJsKb: 150 };
const metricAudits = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  clsX1000: 'cumulative-layout-shift',
};

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...serverEnv,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
}

async function main() {
  for (const script of ['build:server', 'build:client']) {
    if (spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' }).status !== 0) {
      throw new Error(`${script} failed`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-web-bench-'));
  const server = startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    await waitFor(`${base}/readyz`);
    // Warm the server's caches so the first audit measures the page, not a cold start.
    for (const page of pages) await fetch(`${base}${page}`);
    type Result = {
      preset: string;
      page: string;
      performance: number;
      accessibility: number;
      scriptKb?: number;
      metrics: Record<string, number>;
    };
    const results: Result[] = [];
    for (const preset of ['desktop', 'mobile'] as const)
      for (const page of pages) {
        const audit = () =>
          lighthouse(
            `${base}${page}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
            },
            preset === 'desktop' ? desktopConfig : undefined,
          );
        let runner = await audit();
        // Now and then Lighthouse's trace misses the navigation or its paint (NO_NAVSTART, NO_FCP) and
        // the page gets no performance score: not a low one, none, with every metric missing. That run
        // measured nothing; it is run again, once.
        if (runner && runner.lhr.categories.performance?.score === null) {
          const reason = runner.lhr.runtimeError?.code ?? 'no performance score';
          console.error(`${preset} ${page}: Lighthouse measured nothing (${reason}); measuring again`);
          runner = await audit();
        }
        if (!runner) throw new Error(`lighthouse gave no result for ${page}`);
        const { categories, audits, runtimeError } = runner.lhr;
        // A failed audit scores 0 with no metrics; say why instead of leaving a bare zero.
        if (runtimeError) console.error(`${preset} ${page}: ${runtimeError.code}: ${runtimeError.message}`);
        const summary = audits['resource-summary']?.details as
          { items: Array<{ resourceType: string; transferSize: number }> } | undefined;
        const script = summary?.items.find((item) => item.resourceType === 'script');
        results.push({
          preset,
          page,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          scriptKb: script ? Math.round((script.transferSize / 1024) * 10) / 10 : undefined,
          // What the score is made of, so a miss says where the time goes.
          metrics: Object.fromEntries(
            Object.entries(metricAudits).map(([name, id]) => [
              name,
              Math.round((audits[id]?.numericValue ?? Number.NaN) * (name === 'clsX1000' ? 1000 : 1)),
            ]),
          ),
        });
      }
    console.log(
      '\npreset   page                 performance  accessibility  JS (KB, gzipped)  FCP/LCP/TBT/SI ms, CLS×1000',
    );
    for (const result of results) {
      console.log(
        [
          result.preset.padEnd(8),
          result.page.padEnd(20),
          String(result.performance).padStart(11),
          String(result.accessibility).padStart(14),
          String(result.scriptKb ?? '-').padStart(17),
          ` ${Object.values(result.metrics).join('/')}`,
        ].join(' '),
      );
    }
    for (const preset of ['desktop', 'mobile']) {
      const met = results
        .filter((result) => result.preset === preset)
        .every(
          (result) =>
            result.performance >= targets.performance && result.accessibility >= targets.accessibility,
        );
      console.log(`${preset}: performance and accessibility >= 95 on every page: ${met ? 'met' : 'MISSED'}`);
    }
    const homeJs = results.find((result) => result.page === '/')?.scriptKb ?? Infinity;
    console.log(
      `home route initial JS: ${homeJs} KB (target < ${targets.homeJsKb}): ${homeJs < targets.homeJsKb ? 'met' : 'MISSED'}`,
    );
    fs.writeFileSync(
      path.join(root, 'bench/web-results.json'),
      `${JSON.stringify({ pages: results }, null, 2)}\n`,
    );
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
