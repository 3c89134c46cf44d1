#!/usr/bin/env node
// npm test: typecheck, lint, format check, unit and API tests (vitest), then the browser tests
// (Playwright driving Debian's Chromium against the built app). Ends with "N passed, N failed", where a test
// that passed only on a retry (Playwright retries once) counts as failed and is named as FLAKY.
// TEST_DATABASE_URL=postgres://… runs the API and browser tests against PostgreSQL.
// Options, for CI's second pass over PostgreSQL (the static checks and unit tests do not depend on the database):
//   --skip-static        no typecheck, lint or format check
//   --api-only           only the API tests of vitest, not the unit tests
//   --browser=smoke      only the browser tests tagged @smoke (a short set through every feature); =none skips them
//   --browser-only       only the build and the browser tests (CI runs them beside the Node.js 24 pass)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-reports-'));
const args = process.argv.slice(2);
const browserOnly = args.includes('--browser-only');
const skipStatic = browserOnly || args.includes('--skip-static');
const apiOnly = args.includes('--api-only');
const browser = args.find((arg) => arg.startsWith('--browser='))?.split('=')[1] ?? 'all';
if (!['all', 'smoke', 'none'].includes(browser)) {
  console.error(`--browser takes all, smoke or none, not ${browser}`);
  process.exit(2);
}
let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    console.log(`FAILED: ${label}`);
  }
}

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** Failed vitest tests by file and name, and files that failed without a failed test (they did not load). */
function failedVitestTitles(report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && tests.length === 0)
      return [`${name} (the file failed: ${file.message || 'no message'})`];
    return tests.map((test) => `${name} › ${test.fullName}`);
  });
}

/**
 * Browser tests of one outcome: 'flaky' (failed once and passed on their retry: failed, and named so they get
 * fixed) or 'unexpected' (failed on every try).
 */
function playwrightTitles(report, status) {
  const titles = [];
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === status) titles.push([...path, spec.title].join(' › '));
    for (const child of suite.suites ?? []) visit(child, suite.title ? [...path, suite.title] : path);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return titles;
}

if (!skipStatic) {
  check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
}

if (!browserOnly) {
  const vitestReport = path.join(reports, 'vitest.json');
  const vitestRetries = path.join(reports, 'vitest-retries.json');
  const vitestOk = run(
    apiOnly ? 'API tests' : 'unit and API tests',
    'npx',
    [
      'vitest',
      'run',
      ...(apiOnly ? ['--project', 'api'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
      '--reporter=./scripts/vitest-retries.mjs',
    ],
    { VITEST_RETRIES_OUTPUT: vitestRetries },
  );
  // A failed test counts once; a file that failed without a failed test (it did not load, or a hook
  // failed) counts once too. numFailedTestSuites would count a failed test again for its file and each
  // describe around it.
  const vitest = readCounts(vitestReport, (report) => ({
    passed: report.numPassedTests,
    failed:
      report.numFailedTests +
      report.testResults.filter(
        (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
      ).length,
  }));
  const vitestFlaky = readCounts(vitestRetries, (titles) => titles);
  // No list of retried tests means the reporter did not run, and a flaky pass cannot be told from a pass.
  const retried = Array.isArray(vitestFlaky) ? vitestFlaky : [];
  passed += vitest.passed - retried.length;
  failed += retried.length + (vitest.failed || (vitestOk && Array.isArray(vitestFlaky) ? 0 : 1));
  for (const title of retried) console.log(`FLAKY (passed on retry): ${title}`);
  const failedTitles = readCounts(vitestReport, failedVitestTitles);
  for (const title of Array.isArray(failedTitles) ? failedTitles : []) console.log(`FAILED: ${title}`);
}

if (browser === 'none') {
  console.log('\n=== browser tests skipped (--browser=none)');
} else if (run('build', 'npm', ['run', '--silent', 'build'])) {
  const playwrightReport = path.join(reports, 'playwright.json');
  const grep = browser === 'smoke' ? ['--grep', '@smoke'] : [];
  const e2eOk = run(
    browser === 'smoke' ? 'browser tests (@smoke)' : 'browser tests',
    'npx',
    ['playwright', 'test', ...grep],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  const e2e = readCounts(playwrightReport, (report) => ({
    passed: report.stats.expected,
    failed: report.stats.unexpected + (report.stats.flaky ?? 0),
  }));
  passed += e2e.passed;
  failed += e2e.failed || (e2eOk ? 0 : 1);
  const flaky = readCounts(playwrightReport, (report) => playwrightTitles(report, 'flaky'));
  for (const title of Array.isArray(flaky) ? flaky : []) console.log(`FLAKY (passed on retry): ${title}`);
  const failedTitles = readCounts(playwrightReport, (report) => playwrightTitles(report, 'unexpected'));
  for (const title of Array.isArray(failedTitles) ? failedTitles : []) console.log(`FAILED: ${title}`);
} else {
  failed += 1;
  console.log('FAILED: build');
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
