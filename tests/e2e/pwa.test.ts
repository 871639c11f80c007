import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_MISSING,
  CHROMIUM_PATH,
  connectChromium,
  hasChromium,
  PHONE,
  screenshot,
  startServer,
} from '../support/e2e';
import { FakeHttpServer } from '../support/fake-http-server';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The URL of the worker controlling the page, once one does. */
async function controller(page: Page): Promise<string | undefined> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
}

/** Every URL in the page's Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** What the next release adds to /sw.js: it answers which release it is. */
const NEXT_RELEASE_LINE = `\nself.addEventListener('message', (e) => { if (e.data === 'release?') e.source.postMessage('release 2'); });\n`;

/**
 * The app as one deployment sees it: a proxy on an origin of its own that passes every request
 * through, and from `nextRelease` on serves the next release's /sw.js (the current one with a
 * line added), as a new deployment would.
 */
class Deployment extends FakeHttpServer {
  nextRelease = false;

  constructor(private readonly appUrl: string) {
    super('deployment');
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const target = new URL(req.url ?? '/', this.appUrl);
    const swap = this.nextRelease && target.pathname === '/sw.js';
    const headers = { ...req.headers, host: target.host };
    if (swap) {
      // The whole script, uncompressed, to add the line to.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = http.request(target, { method: req.method, headers }, (answer) => {
      if (!swap) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(NEXT_RELEASE_LINE)]);
        const {
          'content-length': _length,
          etag: _etag,
          'last-modified': _modified,
          ...kept
        } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-length': body.length });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }
}

describe.skipIf(!hasChromium)('installable app: manifest, service worker, offline page', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    priceServer = await new PriceServer().start();
    server = await startServer({ priceApiUrl: priceServer.url });
    browser = await connectChromium();
    // One context throughout: the worker installed by one test is the one the next relies on.
    context = await browser.newContext({ viewport: PHONE });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
  });

  it('links a valid web app manifest whose icons are real PNGs', async () => {
    await page.goto(`${server.url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await fetch(new URL(href!, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'AgentChat',
      short_name: 'AgentChat',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#06251f',
      background_color: '#06251f',
    });
    // The page's own theme colour agrees with the manifest's.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
      manifest.theme_color,
    );

    const icons = manifest.icons;
    const any = icons.filter((i) => (i.purpose ?? 'any').split(' ').includes('any'));
    expect(any.map((i) => i.sizes).sort()).toEqual(['192x192', '512x512']);
    expect(icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const answer = await fetch(new URL(icon.src, server.url));
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get('content-type'), icon.src).toBe('image/png');
      expect(icon.type).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await answer.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('serves /sw.js as a script the browser revalidates on every update check', async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('registers the service worker, which controls the page after a reload', async () => {
    await page.goto(`${server.url}/`);
    // Registered after load, when the page is idle; active once the app shell is cached.
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(active).toEqual({ script: `${server.url}/sw.js`, scope: `${server.url}/` });

    await page.reload();
    expect(await controller(page)).toBe(`${server.url}/sw.js`);

    // The app shell is precached: the entry script, its style sheet, the offline page, the icons.
    const cached = await cachedUrls(page);
    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    const css = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
    for (const file of [
      entry!,
      css!,
      '/offline.html',
      '/offline.js',
      '/icon-192.png',
      '/manifest.webmanifest',
    ]) {
      expect(
        cached.some((url) => new URL(url).pathname === file),
        file,
      ).toBe(true);
    }
  });

  it('passes Chromium installability checks (manifest, icons, service worker)', async () => {
    // Chromium never offers to install from an incognito profile, which is what a new
    // context is: this check needs a profile on disk.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-pwa-profile-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: PHONE,
    });
    try {
      const installPage = persistent.pages()[0] ?? (await persistent.newPage());
      await installPage.goto(`${server.url}/`);
      await installPage.evaluate(() => navigator.serviceWorker.ready);
      await installPage.reload();
      const cdp = await persistent.newCDPSession(installPage);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string; errorArguments: unknown[] }[];
      };
      expect(installabilityErrors).toEqual([]);
      const { url, data } = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        data?: string;
      };
      expect(url).toBe(`${server.url}/manifest.webmanifest`);
      expect(JSON.parse(data ?? '{}')).toMatchObject({ name: 'AgentChat' });
    } finally {
      await persistent.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows the install banner 2 s after the install offer, for 5 s; Install opens the dialog', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Chromium makes its offer only to a visitor it judges engaged; the test makes it itself,
    // and records, in the page's own clock, when the banner comes and goes.
    const timing = page.evaluate(
      () =>
        new Promise<{ shownAfter: number; visibleFor: number }>((resolve) => {
          const banner = () =>
            [...document.querySelectorAll('section h2')].some(
              (h) => h.textContent === 'Install AgentChat',
            );
          let shownAt = 0;
          const offeredAt = performance.now();
          new MutationObserver((_, observer) => {
            if (!shownAt && banner()) shownAt = performance.now();
            if (shownAt && !banner()) {
              observer.disconnect();
              resolve({ shownAfter: shownAt - offeredAt, visibleFor: performance.now() - shownAt });
            }
          }).observe(document.body, { childList: true, subtree: true });
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: async () => ({ outcome: 'dismissed' }),
          });
          window.dispatchEvent(offer);
        }),
    );
    await page.getByRole('region', { name: 'Install AgentChat' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Get the app experience').count()).toBe(1);
    await screenshot(page, 'pwa-install-banner-360x740');
    // Times as the page observed its DOM change: within a frame or so of the timers.
    const { shownAfter, visibleFor } = await timing;
    expect(shownAfter).toBeGreaterThan(1_950);
    expect(shownAfter).toBeLessThan(3_000);
    expect(visibleFor).toBeGreaterThan(4_950);
    expect(visibleFor).toBeLessThan(6_000);

    // A second offer: Install hands over to the browser's dialog, and the banner goes.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { prompted: number }).prompted = 1;
          return { outcome: 'accepted' };
        },
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Install' }).click({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(
      1,
    );
    await page.getByRole('region', { name: 'Install AgentChat' }).waitFor({ state: 'hidden' });
  });

  it('lets a new release take over: "A new version is available", Reload, the new worker', async () => {
    // The app behind a deployment of its own (another origin, so another worker registration):
    // its next release changes /sw.js there alone, never the dist/web other files serve.
    const deployment = await new Deployment(server.url).start();
    const tab = await context.newPage();
    try {
      await tab.goto(`${deployment.url}/`);
      await tab.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await tab.reload();
      expect(await controller(tab)).toBe(`${deployment.url}/sw.js`);

      deployment.nextRelease = true;
      // The app checks every hour and when the tab comes back; the test does not wait.
      await tab.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      const prompt = tab.getByText('A new version is available');
      await prompt.waitFor({ timeout: 20_000 });
      await screenshot(tab, 'pwa-update-prompt-360x740');

      await Promise.all([
        tab.waitForEvent('load', { timeout: 20_000 }),
        tab.getByRole('button', { name: 'Reload' }).click(),
      ]);
      const release = await tab.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), {
              once: true,
            });
            navigator.serviceWorker.controller!.postMessage('release?');
          }),
      );
      expect(release).toBe('release 2');
      expect(
        await tab.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting),
      ).toBeNull();
    } finally {
      await tab.close();
      await deployment.stop();
    }
  });

  it('shows the offline page when the server is gone (unreachable, or no connection), and never answers /api from a cache', async () => {
    await page.goto(`${server.url}/`);
    expect(await controller(page)).toBe(`${server.url}/sw.js`);
    const prices = await page.evaluate(async () => (await fetch('/api/prices')).status);
    expect(prices).toBe(200);

    await server.stop();
    try {
      // The phone is online; the server does not answer: the page says so, not "offline".
      await page.reload();
      await page.getByRole('heading', { name: "We can't reach AgentChat" }).waitFor();
      expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Try again' }).count()).toBe(1);
      await screenshot(page, 'pwa-unreachable-360x740');

      // The connection goes too: the same page follows it.
      await page.context().setOffline(true);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await page.getByRole('heading', { name: "We can't reach AgentChat" }).count()).toBe(0);
      await screenshot(page, 'pwa-offline-360x740');

      // Any page of the app, not only the one visited.
      await page.goto(`${server.url}/chat/42`);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/chat/42');
      await page.context().setOffline(false);

      // The API goes to the network, and the network is gone.
      const apiOffline = await page.evaluate(async () => {
        try {
          const response = await fetch('/api/prices');
          return `answered ${response.status}`;
        } catch (error) {
          return error instanceof TypeError ? 'network error' : String(error);
        }
      });
      expect(apiOffline).toBe('network error');
      // Nothing from /api is in any cache.
      expect(
        (await cachedUrls(page)).filter((url) => new URL(url).pathname.startsWith('/api')),
      ).toEqual([]);
    } finally {
      await server.restart();
    }

    // Back online, "Try again" brings the page back.
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
  });
});
