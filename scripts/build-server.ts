/**
 * The server as one bundle (decision 033): `node dist/server/main.js` starts without compiling
 * TypeScript. Packages with native code, WebAssembly or files of their own stay in node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUILD_STAMP, serverBuildOutOfDate } from './build-inputs.js';

/** Not bundled: each reads files beside its own code, or is loaded only in development. */
export const SERVER_EXTERNALS = [
  // PostgreSQL in WebAssembly: its .wasm and .data files sit beside its code.
  '@electric-sql/pglite',
  // Native binaries.
  'sharp',
  '@node-rs/argon2',
  // Serves its page's files from its own folder.
  '@fastify/swagger-ui',
  // Development only, imported when used: the development sign-in and the Vite dev server.
  'oidc-provider',
  'vite',
  // OCR: its worker script and language data are files it finds beside its own code.
  'tesseract.js',
  '@tesseract.js-data/eng',
  // Optional native speed-ups that pg and ws try to load.
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/**
 * The server's entry points, by the name of their file in dist/server: the process, its start
 * without the process (the browser tests start the app in their own process), the operator
 * commands, and the embedded database's worker thread.
 */
const ENTRIES = {
  main: 'src/server/main.ts',
  start: 'src/server/start.ts',
  'agent-create': 'scripts/agent-create.ts',
  'storage-migrate': 'scripts/storage-migrate.ts',
  // PGlite's worker thread (decision 041): loaded by file name, beside the entry that starts it.
  'pglite-worker': 'src/server/db/pglite-worker.js',
};

/** `into`: another folder than dist/server (a test's own, so it never rewrites the files a running app imports). */
export async function buildServer(rootDir: string, into = 'dist/server'): Promise<string> {
  const outdir = path.join(rootDir, into);
  const started = new Date();
  const result = await build({
    absWorkingDir: rootDir,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    // One file per entry: with shared chunks, a CommonJS package imported with import() (the
    // `cookie` @fastify/cookie loads) comes back as `{ default }`, without its named exports.
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: SERVER_EXTERNALS,
    // CommonJS packages in an ES module bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // The build's start: a source saved while it ran is newer, and builds again next time.
  const stamp = path.join(outdir, path.basename(SERVER_BUILD_STAMP));
  fs.writeFileSync(stamp, `${started.toISOString()}\n`);
  fs.utimesSync(stamp, started, started);
  const main = result.metafile.outputs[path.relative(rootDir, path.join(outdir, 'main.js'))];
  return `bundled the server into ${path.relative(rootDir, outdir)}: main.js ${((main?.bytes ?? 0) / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * dist/server, built only when a source changed since its last build (the check `npm start`
 * makes, scripts/build-inputs.js): the test projects that run it each call this in their global
 * setup (vitest runs those one after another), so a run builds it at most once. What it did, or
 * undefined when the bundle was current.
 */
export async function buildServerIfOutOfDate(rootDir: string): Promise<string | undefined> {
  if (serverBuildOutOfDate(rootDir) === undefined) return undefined;
  return buildServer(rootDir);
}
