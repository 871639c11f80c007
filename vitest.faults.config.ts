import { defineConfig } from 'vitest/config';

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
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One file at a time: each runs server processes and bursts of load, and timing bounds
    // (a price answer "quickly") should not depend on what runs beside them on 2 cores.
    fileParallelism: false,
  },
});
