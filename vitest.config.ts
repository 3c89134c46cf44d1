import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: one worker per core; every API test file builds its own app on its own database. CI's
    // Node.js 24 pass runs beside the browser tests with one (VITEST_MAX_WORKERS=1).
    pool: 'forks',
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // No retries: a test that needs one is flaky, and scripts/test.mjs counts a test that passed on a
          // retry (its own `retry` option) as failed.
          retry: 0,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          retry: 0,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
