import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { hasChromium, launchChromiumServer } from '../support/e2e';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The browser tests drive the app as it ships, so they need dist/web: build it once before
 * them (vitest runs this only when e2e tests are selected), so `npm test` works on a fresh clone.
 * Then one chromium for every e2e file: each connects to it (`connectChromium`) and works in
 * contexts of its own, instead of paying a browser start per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasChromium) return async () => {};
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
  const browserServer = await launchChromiumServer();
  project.provide('chromiumWsEndpoint', browserServer.wsEndpoint());
  return () => browserServer.close();
}
