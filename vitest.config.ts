import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: one worker per core; every API test file builds its own app on its own database.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
