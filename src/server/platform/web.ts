import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '../config';

export type WebMode = 'static' | 'vite' | 'none';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDistDir = path.join(rootDir, 'dist/web');

/** The browser's configuration travels in the page itself: no extra round trip, no inline script. */
function injectConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
  return html
    .replace('<!--app-config-->', `<meta name="app-config" content='${json}' />`)
    .replaceAll('%BRAND_NAME%', config.brandName.replaceAll('<', '&lt;'));
}

function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * Serves the React app: the built files from dist/web, or Vite's dev middleware (hot reload).
 * Unknown paths outside /api get the app's index.html (history fallback); the app's own router
 * shows the not-found page.
 */
export async function registerWeb(
  app: FastifyInstance,
  mode: WebMode,
  config: PublicConfig,
): Promise<(reply: FastifyReply, url: string) => Promise<FastifyReply>> {
  if (mode === 'vite') {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(rootDir, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    await app.register(import('@fastify/middie'));
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    return async (reply, url) => {
      const template = await fs.promises.readFile(path.join(rootDir, 'index.html'), 'utf8');
      return sendHtml(reply, injectConfig(await vite.transformIndexHtml(url, template), config));
    };
  }

  const indexFile = path.join(webDistDir, 'index.html');
  if (mode === 'none' || !fs.existsSync(indexFile)) {
    if (mode === 'static')
      app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    return async (reply) => reply.status(404).send({ error: 'Not found' });
  }
  const html = injectConfig(fs.readFileSync(indexFile, 'utf8'), config);
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // scripts/precompress.ts writes .br and .gz beside the built files.
    preCompressed: true,
    // The built index.html is a template (config injected per request): never served as is.
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
  return async (reply) => sendHtml(reply, html);
}
