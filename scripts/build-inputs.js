// @ts-check
/**
 * What `npm run build` reads, and whether its output is older than any of it. Plain JavaScript:
 * `npm start` (scripts/start.js) runs it with node alone, before anything is built.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Written last by a build that succeeded; its time is the build's. */
export const BUILD_STAMP = 'dist/build-stamp';

/**
 * Written by a server bundle's build that succeeded (scripts/build-server.ts), with the time the
 * build started: the tests that run dist/server build it only when it is older than its sources.
 */
export const SERVER_BUILD_STAMP = 'dist/server/build-stamp';

/** Folders and files a build reads; tests and test helpers are not among them. */
const INPUTS = [
  'src',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** What the server bundle reads: no web code (ESLint forbids it), no Vite settings. */
const SERVER_INPUTS = [
  'src/server',
  'src/shared',
  'scripts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const NOT_BUILT = /\.test\.tsx?$|[\\/]testing[\\/]/;

/**
 * The newest modification time (ms) of the files under `entry`, or 0 when there are none.
 * @param {string} entry
 * @returns {number}
 */
function newestUnder(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return NOT_BUILT.test(entry) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const file of fs.readdirSync(entry, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const full = path.join(file.parentPath, file.name);
    if (NOT_BUILT.test(full)) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Why the build in `rootDir` must run again, or undefined when it is current. Without sources
 * (an image that ships only dist/) the build is what there is.
 * @param {string} rootDir
 * @returns {string | undefined}
 */
export function buildOutOfDate(rootDir) {
  return outOfDate(rootDir, BUILD_STAMP, INPUTS);
}

/**
 * The same for the server bundle alone (dist/server), which `npm run build` makes too.
 * @param {string} rootDir
 * @returns {string | undefined}
 */
export function serverBuildOutOfDate(rootDir) {
  return outOfDate(rootDir, SERVER_BUILD_STAMP, SERVER_INPUTS);
}

/**
 * @param {string} rootDir
 * @param {string} stamp
 * @param {readonly string[]} inputs
 * @returns {string | undefined}
 */
function outOfDate(rootDir, stamp, inputs) {
  let built;
  try {
    built = fs.statSync(path.join(rootDir, stamp)).mtimeMs;
  } catch {
    return 'no build yet';
  }
  if (!fs.existsSync(path.join(rootDir, 'src'))) return undefined;
  const changed = inputs.find((input) => newestUnder(path.join(rootDir, input)) > built);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}
