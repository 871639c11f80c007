import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from './tests/support/memory-tmpdir';

// Every DATA_DIR, the PGlite template and the browsers' profiles on /dev/shm where the machine
// has room there (tests/support/memory-tmpdir.ts): the browser tests alone 215 -> 181 s here.
useMemoryTmpdir();

/**
 * Web tests that replace a module with `vi.mock` need a module graph of their own, so they run
 * isolated in the `unit` project; found by reading them, so a new one cannot be missed.
 */
const WEB_TESTS = fs
  .readdirSync('src/web', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('src/web', file.split(path.sep).join('/')))
  .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
const WEB_TESTS_WITH_MODULE_MOCKS = WEB_TESTS.filter(({ text }) => text.includes('vi.mock(')).map(
  ({ file }) => file,
);
/**
 * The web tests without a DOM (no `@vitest-environment jsdom`): a project of their own, since
 * vitest keeps a worker for the next file only when its environment is the same. Mixed in one
 * project (ordered by size), node and jsdom files took turns, and each turn was a new process
 * importing jsdom and the app again: the two projects take 22.7 s and 31 CPU-s here, the one
 * took 26 to 29 s and 38 to 44.
 */
const WEB_TESTS_WITHOUT_DOM = WEB_TESTS.filter(
  ({ file, text }) =>
    !WEB_TESTS_WITH_MODULE_MOCKS.includes(file) && !text.includes('@vitest-environment jsdom'),
).map(({ file }) => file);

/** The web project's settings, for the files with a DOM and those without. */
const WEB_SHARED_WORKER = {
  // One jsdom and one module graph per worker, not per file (3x faster here); the setup
  // file gives each file a fresh page (tests/setup/web-shared-worker.ts).
  isolate: false,
  setupFiles: ['tests/setup/testing-library.ts', 'tests/setup/web-shared-worker.ts'],
};

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
          include: ['tests/**/*.test.ts', ...WEB_TESTS_WITH_MODULE_MOCKS],
          // One migrated PGlite made up front, copied by every test database (support/databases);
          // the server bundle the CLI and install tests run, built when out of date.
          globalSetup: [
            'tests/setup/global-pglite-template.ts',
            'tests/setup/global-server-bundle.ts',
          ],
          setupFiles: ['tests/setup/testing-library.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          // The server bundle: db/lock.test.ts starts it as processes (built when out of date).
          globalSetup: [
            'tests/setup/global-pglite-template.ts',
            'tests/setup/global-server-bundle.ts',
          ],
          // One module graph per worker, not per file: importing the app once instead of in
          // every file (here 358 s -> 192 s for src/server). Each file builds its own app on its
          // own database, and nothing in src/server keeps state in a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: [
            ...configDefaults.exclude,
            ...WEB_TESTS_WITH_MODULE_MOCKS,
            ...WEB_TESTS_WITHOUT_DOM,
          ],
          ...WEB_SHARED_WORKER,
        },
      },
      {
        extends: true,
        test: { name: 'web-node', include: WEB_TESTS_WITHOUT_DOM, ...WEB_SHARED_WORKER },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Builds the web app and starts one chromium for all the browser tests (only when they
          // are selected); each file connects to it and starts its own app.
          globalSetup: ['tests/setup/global-pglite-template.ts', 'tests/e2e/global-setup.ts'],
          // On the same two workers as the other projects, not one at a time after them: 611 s
          // that way, 520 s this way (PGlite, a helper's tests running beside). vitest starts the
          // longest files first, so these mostly run first, and then both cores are busy (93 %
          // measured on 2 cores: chromium and the apps, not waiting). Each file's app runs in
          // its worker's process (tests/support/in-process-server.ts) on a port and data folder
          // of its own. (vitest runs projects side by side only when their maxWorkers agree:
          // keep the root's.)
          // One module graph per worker for all its files (playwright and the support modules
          // loaded once): about 2 CPU-s less per file here.
          isolate: false,
          // The app runs from the server bundle (tests/support/in-process-server.ts): Node loads
          // it as it is, as `npm start` does, instead of Vite transforming its 6 MB again.
          server: { deps: { external: [/\/dist\/server\//] } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
