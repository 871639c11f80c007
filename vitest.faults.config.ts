import { defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from './tests/support/memory-tmpdir';

// The apps' folders and the throwaway PostgreSQL server's on /dev/shm where there is room, as in
// `npm test` (tests/support/memory-tmpdir.ts).
useMemoryTmpdir();

/**
 * The fault tests (`npm run test:faults`): real server processes killed, sockets cut,
 * PostgreSQL stopped, the price API hanging. Not part of `npm test`: they are slow and heavy.
 * Their files end in `.fault.ts` so the main config's `tests/**\/*.test.ts` never picks them up.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.fault.ts'],
    environment: 'node',
    // The migrated PGlite every test database copies (tests/support/databases.ts), and the
    // server bundle the apps run as (tests/support/server-process.ts).
    globalSetup: ['tests/setup/global-pglite-template.ts', 'tests/setup/global-server-bundle.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Two files at a time: most of the time goes to waiting on sequential requests, restarts
    // and timeouts, not CPU. Files never share a server: the PostgreSQL outages happen on a
    // throwaway server of their own, and each file starts its own apps.
    maxWorkers: 2,
  },
});
