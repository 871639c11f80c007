import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const OUT_DIR = 'dist/web';
/** react-router's production build, which its package's exports do not name. */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
/** The server entry: the landing page's markup for the server (decision 005). */
const SSR_ENTRY = 'src/web/entry-server.tsx';
const SSR_OUT_DIR = 'dist/ssr';

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

/**
 * The page's scripts at low priority, after its style sheet: the landing page is rendered by
 * the server (decision 005), so its first paint needs only the HTML and the CSS, and the
 * scripts that hydrate it should not take the bandwidth of a slow connection from them.
 */
function scriptsAfterStyles(): Plugin {
  return {
    name: 'agentchat:scripts-after-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")( crossorigin)?/g,
          (tag: string) => `${tag} fetchpriority="low"`,
        ),
    },
  };
}

/**
 * Every build of the web app builds its server entry too (`vite build --ssr`, into dist/ssr):
 * `npm run build` and the browser tests' build alike, so the server never renders the landing
 * page with other code than the browser hydrates it with.
 */
function serverEntry(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'agentchat:server-entry',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: config.logLevel,
        build: { ssr: true },
      });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    // react-router's package points every import at its development build (warnings, checks);
    // a build takes its production build, as React's own NODE_ENV switch does for React.
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild &&
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
          // Not index.html either: the server writes the deployment's settings and the
          // landing page's markup into it (src/server/platform/web.ts), so the built file is
          // only a template; pages always come from the network.
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
          // Web Push: shows the server's notifications and opens their chat (public/push-sw.js).
          importScripts: ['/push-sw.js'],
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
              urlPattern: ({ url, sameOrigin }) =>
                sameOrigin && url.pathname.startsWith('/assets/'),
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
    scriptsAfterStyles(),
    serverEntry(),
  ],
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { input: SSR_ENTRY },
        // The icons and pages of public/ are the browser's, in dist/web.
        copyPublicDir: false,
      }
    : {
        outDir: OUT_DIR,
        emptyOutDir: true,
        sourcemap: true,
        // .vite/manifest.json: the entry and its chunks, for `npm run bench`'s first-load figure.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What every page runs first (the entry's static imports: React, the router,
                // the landing page) in one chunk, not twenty: each file is compressed on its
                // own, and twenty small ones cost the landing page 8 kB gzip more than one
                // (issue 33). `$initial` follows the static imports as written, before
                // tree-shaking: tests/bundle/landing-weight.test.ts checks what it takes in.
                { name: 'app', tags: ['$initial'] },
                // The live layer every screen but the landing page renders in (the query
                // client, the socket, each capability's cache appliers and keys, the contract's
                // schemas): one file, not thirty, which took `/agent` from 206.6 to 196.4 kB.
                { name: 'live', test: /src[\\/]web[\\/]app[\\/]live-(data-layer|updates)\.tsx$/ },
              ],
            },
          },
        },
        // Every browser we serve supports <link rel="modulepreload">; the polyfill would only
        // add to the landing page's first load. A lazy chunk's own imports are not preloaded:
        // the browser finds them when the chunk arrives, a round trip later, whereas Vite's
        // helper would add a <link> per import to the page at once, which on the landing page
        // (a dozen lazy chunks right after it starts) holds the main thread in long tasks.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
      },
}));
