import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildServerIfOutOfDate } from '../../scripts/build-server';
import { hasChromium, launchChromiumServers } from '../support/e2e';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The browser tests drive the app as it ships, so they need dist/web and the server bundle
 * (dist/server, decision 033): build them once before them (vitest runs this only when e2e tests are selected), so `npm test` works on a fresh clone.
 * Then the chromium every e2e file shares (the headless shell for pages, the full browser for
 * notifications and Web Push): each connects to it (`connectChromium`) and works in contexts of
 * its own, instead of paying a browser start per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasChromium) return async () => {};
  // The browsers start while the app builds.
  const launching = launchChromiumServers();
  // Awaited below; a failed start is reported there, not as an unhandled rejection meanwhile.
  launching.catch(() => undefined);
  // Vitest sets NODE_ENV=test; a build under it would ship React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Side by side: vite is mostly one thread, esbuild its own process.
    await Promise.all([
      build({
        root: rootDir,
        configFile: path.join(rootDir, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'warn',
        // No test reads a source map: a quicker build.
        build: { sourcemap: false },
      }),
      // Only when out of date: the unit and server projects' setup may have built it already.
      buildServerIfOutOfDate(rootDir),
    ]);
  } catch (error) {
    await launching.then((servers) => servers.close()).catch(() => undefined);
    throw error;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const servers = await launching;
  project.provide('chromiumWsEndpoint', servers.pages.wsEndpoint());
  project.provide('fullChromiumWsEndpoint', servers.full.wsEndpoint());
  return () => servers.close();
}
