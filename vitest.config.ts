import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers suit a 2-core machine and CI.
    maxWorkers: 2,
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
          setupFiles: ['tests/setup/testing-library.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Builds the web app once before the browser tests (only when they are selected).
          globalSetup: ['tests/e2e/global-setup.ts'],
          // After the unit tests, one file at a time: each starts a server process and a
          // browser, which would crowd the timings of everything running beside them.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
