/**
 * `npm run build`: the web app (dist/web) and its server entry (dist/ssr, decision 005), their
 * .br/.gz copies, beside them the server bundle (dist/server, decision 033), then the stamp that
 * `npm start` compares with the sources (scripts/start.js). `--quiet`: one line per step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildServer } from './build-server';
import { precompress } from './precompress';
import { BUILD_STAMP } from './build-inputs.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');

const started = performance.now();
// A build under NODE_ENV=test or development would ship React's development bundle.
process.env.NODE_ENV = 'production';
// The web app (vite, mostly one thread) and the server bundle (esbuild) side by side: neither
// reads the other's output.
const [web, server] = await Promise.all([
  build({
    root: rootDir,
    configFile: path.join(rootDir, 'vite.config.ts'),
    mode: 'production',
    ...(quiet ? { logLevel: 'warn' as const } : {}),
  }).then(() => precompress(path.join(rootDir, 'dist/web'))),
  buildServer(rootDir),
]);
const steps = ['built the web app into dist/web and dist/ssr', web, server];
fs.writeFileSync(path.join(rootDir, BUILD_STAMP), `${new Date().toISOString()}\n`);
for (const step of steps) console.log(step);
console.log(`build done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
