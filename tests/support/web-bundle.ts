import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

/**
 * The built web app (dist/web) as its chunk map describes it: what a page loads before it runs
 * and how many bytes that is, compressed as the server sends it. Read by the landing page's
 * weight test (tests/bundle) and `npm run bench`'s lighthouse suite.
 */
export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(rootDir, 'dist/web');
export const viteManifestFile = path.join(distDir, '.vite/manifest.json');

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(): ViteManifest {
  return JSON.parse(fs.readFileSync(viteManifestFile, 'utf8')) as ViteManifest;
}

/** The chunk files `key` loads before it runs: its own and its static imports, transitively. */
export function staticClosure(manifest: ViteManifest, key: string): string[] {
  const files: string[] = [];
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk) throw new Error(`the build's manifest has no chunk ${k}`);
    if (files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** What the server sends a gzip client: the precompressed .gz, or gzip -9 of the file. */
export function gzipBytes(file: string): number {
  const full = path.join(distDir, file);
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

/** What the server sends a brotli client: the precompressed .br, or brotli of the file. */
export function brotliBytes(file: string): number {
  const full = path.join(distDir, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(full)).length;
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Whether a source of the web build changed since dist/web was built (or there is none). */
export function webBuildIsStale(): string | undefined {
  if (!fs.existsSync(viteManifestFile)) return 'no build with a chunk map (dist/web/.vite)';
  const built = fs.statSync(viteManifestFile).mtimeMs;
  const sources = [
    'src/web',
    'src/shared',
    'public',
    'index.html',
    'vite.config.ts',
    'package.json',
  ];
  const changed = sources.find((s) => newestMtime(path.join(rootDir, s)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** dist/web as the browser tests build it (production, no source maps), unless it is current. */
export async function ensureWebBuild(): Promise<void> {
  if (!webBuildIsStale()) return;
  // Vitest sets NODE_ENV=test; a build under it would ship React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: rootDir,
      configFile: path.join(rootDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
