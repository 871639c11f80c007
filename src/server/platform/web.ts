import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MarketSnapshot, WebRenderer } from '../../shared/web-render';
import type { PublicConfig } from '../../shared/api/config';
import { rootDir } from '../root-dir';

export type WebMode = 'static' | 'vite' | 'none';

export const webDistDir = path.join(rootDir, 'dist/web');
/** The web app's server entry, built by `vite build --ssr` (decision 005). */
export const ssrEntryFile = path.join(rootDir, 'dist/ssr/entry-server.js');
const SSR_ENTRY_SOURCE = '/src/web/entry-server.tsx';

/** What a page is made with: the browser's configuration and the address the app is reached at. */
export interface PageContext {
  config: PublicConfig;
  /** PUBLIC_URL: link previews (Open Graph) need absolute addresses. */
  publicUrl: string;
}

/** Text safe in an element and in a quoted attribute (the brand sits in both). */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON for a single-quoted attribute. */
const attributeJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('&', '&amp;').replaceAll("'", '&#39;');

/**
 * The browser's configuration travels in the page itself: no extra round trip, no inline script.
 * So do the market figures the landing page was rendered with, for the browser to take it over
 * with the same (decision 005's addendum of 2026-11-29).
 */
function injectConfig(
  html: string,
  { config, publicUrl }: PageContext,
  market?: MarketSnapshot,
): string {
  const metas = [`<meta name="app-config" content='${attributeJson(config)}' />`];
  if (market) metas.push(`<meta name="market" content='${attributeJson(market)}' />`);
  // Replacer functions: a replacement string would read `$&` or `$'` in the brand name.
  return html
    .replace('<!--app-config-->', () => metas.join('\n    '))
    .replaceAll('%BRAND_NAME%', () => escapeHtml(config.brandName))
    .replaceAll('%PUBLIC_URL%', () => escapeHtml(publicUrl));
}

/**
 * Whether a request outside /api wants the app's page. Browsers say text/html; link-preview
 * bots (WhatsApp, Facebook, Slack, X) and plain clients accept any type (the wildcard) or send
 * no Accept, and must get the page too, or a shared link shows no preview. Only a client asking
 * for something else (JSON, an image) gets the JSON 404.
 */
export function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return false;
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  return (
    types.every((type) => type === '') ||
    types.some((type) => type === 'text/html' || type === '*/*' || type === 'text/*')
  );
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * index.html with the configuration and, for the server-rendered page, its markup in #root
 * (after the configuration, so nothing in the markup is taken for a placeholder) and the market
 * figures it shows.
 */
export function composePage(
  template: string,
  context: PageContext,
  markup = '',
  market?: MarketSnapshot,
): string {
  if (!template.includes(ROOT_ELEMENT)) {
    throw new Error(`index.html has no ${ROOT_ELEMENT} to render the app into`);
  }
  return injectConfig(template, context, market).replace(
    ROOT_ELEMENT,
    () => `<div id="root">${markup}</div>`,
  );
}

/** A page computed once, with its compressed copies (the static files have theirs on disk). */
interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressPage(html: string): Page {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/** br, else gzip, else none, as the request's Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function sendHtml(reply: FastifyReply, html: string | Buffer): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return sendHtml(reply, encoding ? page[encoding] : page.identity);
}

/** The built server entry, or undefined (with a warning) when the build has none. */
async function loadRenderer(app: FastifyInstance): Promise<WebRenderer | undefined> {
  if (!fs.existsSync(ssrEntryFile)) {
    app.log.warn(
      `${ssrEntryFile} not found: the landing page is rendered by the browser alone; run "npm run build"`,
    );
    return undefined;
  }
  return (await import(pathToFileURL(ssrEntryFile).href)) as WebRenderer;
}

/**
 * Serves the React app: the built files from dist/web, or Vite's dev middleware (hot reload).
 * Unknown paths outside /api get the app's index.html (history fallback); the app's own router
 * shows the not-found page. The landing page comes rendered by the server (decision 005), with
 * the prices and rates `market` gives (the public API's answers): rendered again only when they
 * change, so a visit costs reading them and comparing. Without them (no `market`, or reading
 * failed) it shows their placeholders, as rendered once at start.
 */
export async function registerWeb(
  app: FastifyInstance,
  mode: WebMode,
  context: PageContext,
  market?: () => Promise<MarketSnapshot>,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  const readMarket = async (): Promise<MarketSnapshot | undefined> => {
    try {
      return await market?.();
    } catch (error) {
      app.log.warn({ err: error }, 'the landing page goes without prices: reading them failed');
      return undefined;
    }
  };

  if (mode === 'vite') {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(rootDir, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    // @fastify/websocket routes every upgrade on the server through Fastify, Vite's hot-reload
    // socket too: without this the page route would answer it with HTML and Vite's client would
    // reload the page in a loop. Vite's own upgrade listener answers it; Fastify keeps out.
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['sec-websocket-protocol'] !== 'vite-hmr') return;
      reply.hijack();
      return reply;
    });
    await app.register(import('@fastify/middie'));
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    return async (request, reply) => {
      const template = await vite.transformIndexHtml(
        request.url,
        await fs.promises.readFile(path.join(rootDir, 'index.html'), 'utf8'),
      );
      // The current source on every request, as the browser's code is.
      const renderer = (await vite.ssrLoadModule(SSR_ENTRY_SOURCE)) as WebRenderer;
      if (!renderer.isServerRendered(request.url))
        return sendHtml(reply, composePage(template, context));
      const snapshot = await readMarket();
      const markup = renderer.renderLanding(context.config, snapshot);
      return sendHtml(reply, composePage(template, context, markup, snapshot));
    };
  }

  const indexFile = path.join(webDistDir, 'index.html');
  if (mode === 'none' || !fs.existsSync(indexFile)) {
    if (mode === 'static')
      app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    return async (_request, reply) => reply.status(404).send({ error: 'Not found' });
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  const renderer = await loadRenderer(app);
  const shell = compressPage(composePage(template, context));
  const withoutMarket = renderer
    ? compressPage(composePage(template, context, renderer.renderLanding(context.config)))
    : shell;
  /** The landing page with the market figures it was last rendered with. */
  let landing: { figures: string; page: Page } | undefined;
  const landingPage = async (): Promise<Page> => {
    const snapshot = renderer && (await readMarket());
    if (!renderer || !snapshot) return withoutMarket;
    const figures = JSON.stringify(snapshot);
    if (landing?.figures !== figures) {
      const markup = renderer.renderLanding(context.config, snapshot);
      landing = { figures, page: compressPage(composePage(template, context, markup, snapshot)) };
    }
    return landing.page;
  };
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // scripts/precompress.ts writes .br and .gz beside the built files.
    preCompressed: true,
    // The built index.html is a template (filled in above): never served as is.
    allowedPath: (pathName) => pathName !== '/index.html',
    // Hashed asset names never change; everything else is revalidated.
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  return async (request, reply) =>
    sendPage(request, reply, renderer?.isServerRendered(request.url) ? await landingPage() : shell);
}
