import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const OUT_DIR = 'dist/web';

/**
 * What every page runs first: the entry script, the chunks it imports statically (its
 * modulepreloads) and their style sheets, from the build's chunk map (`build.manifest`).
 */
function appShellFiles(): Set<string> {
  type Chunk = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(OUT_DIR, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  return files;
}

/** The brand's darkest green: the header, the hero and the browser's bar (index.html). */
const THEME_COLOR = '#06251f';

/** iOS takes no icon from the manifest: it wants its own link. */
function appleTouchIcon(): Plugin {
  return {
    name: 'agentchat:apple-touch-icon',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      // A new deployment waits until the user accepts "A new version is available" (src/web/pwa).
      registerType: 'prompt',
      // src/web/pwa registers the worker itself, after the page has loaded.
      injectRegister: false,
      manifest: {
        name: 'AgentChat',
        short_name: 'AgentChat',
        description: 'Sell Bitcoin and USDT for naira cash by chatting with a real agent.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        lang: 'en-NG',
        dir: 'ltr',
        categories: ['finance'],
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The precache is the app shell: the entry script with its static imports and style
        // sheet (what every page runs first), the icons, the manifest and the offline page.
        // Screens' lazy chunks are cached the first time they load (below), so a customer's
        // phone never downloads the agent and admin code (charts alone are ~100 KB) just to
        // keep it.
        // Not index.html either: the server writes the deployment's settings into it on each
        // request (src/server/platform/web.ts), so the built file is only a template; pages
        // always come from the network.
        globPatterns: ['**/*.{js,css,svg}', 'apple-touch-icon.png', 'offline.html'],
        globIgnores: ['index.html', '**/*.map'],
        manifestTransforms: [
          (entries) => {
            const keep = appShellFiles();
            return {
              manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)),
              warnings: [],
            };
          },
        ],
        // Hashed names need no cache-busting query.
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        // One file to fetch and update, not sw.js plus a workbox-<hash>.js beside it.
        inlineWorkboxRuntime: true,
        // Nothing is answered from the precache by URL guessing ("/" -> index.html).
        directoryIndex: null,
        navigateFallback: null,
        runtimeCaching: [
          {
            // Pages come from the server (always the current release, with its settings);
            // when the network is gone, the offline page. Never /api (sign-in, sign-out,
            // attachments) nor the development sign-in pages under /oidc: those bypass the
            // worker entirely.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api|oidc)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // A screen's chunks, once loaded: hashed names never change, so the cached copy is
            // always right. The oldest go first; an old release's chunks age out.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'assets',
              expiration: {
                maxEntries: 150,
                maxAgeSeconds: 30 * 24 * 60 * 60,
                purgeOnQuotaError: true,
              },
            },
          },
          // Nothing else: /api (data, uploads, attachments) is never cached.
        ],
      },
    }),
    appleTouchIcon(),
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the entry and its chunks, for `npm run bench`'s first-load figure.
    manifest: true,
    // Every browser we serve supports <link rel="modulepreload">; the polyfill would only
    // add to the landing page's first load.
    modulePreload: { polyfill: false },
  },
});
