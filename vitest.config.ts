import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Two cores: one worker per core, each test file with its own database.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
