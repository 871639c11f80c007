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
          // One migrated PGlite made up front, copied by every test database (support/databases).
          globalSetup: ['tests/setup/global-pglite-template.ts'],
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
          // Builds the web app and starts one chromium for all the browser tests (only when they
          // are selected); each file connects to it and starts its own server process.
          globalSetup: ['tests/setup/global-pglite-template.ts', 'tests/e2e/global-setup.ts'],
          // After the unit tests, two files at a time: most of a browser test is waiting on
          // the server and the page, so two keep both cores busy without crowding timings.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
