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
          // After the unit tests, one file at a time: on a 2-core machine two files (two
          // servers beside one chromium) took longer in all (437 s against 344 s) and once
          // lost a server process mid-file.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
