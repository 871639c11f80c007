import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { hasChromium } from '../support/browser';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The browser tests drive the app as it ships, so they need dist/web: build it once before
 * them (vitest runs this only when e2e tests are selected), so `npm test` works on a fresh clone.
 */
export default async function setup(): Promise<void> {
  if (!hasChromium) return;
  // Vitest sets NODE_ENV=test; a build under it would ship React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: rootDir,
      configFile: path.join(rootDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
