import zlib from 'node:zlib';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_MISSING,
  hasChromium,
  PHONE,
  screenshot,
  startBrowserApp,
  type BrowserApp,
} from '../support/e2e';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const BRAND_NAME = 'Naija Desk';
const WHATSAPP_NUMBER = '2348012345678';

/** The markup in index.html's #root, as the server sent it. */
function rootMarkup(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html);
  if (!match) throw new Error('no #root in the page');
  return match[1]!;
}

async function getPage(url: string, headers: Record<string, string> = {}) {
  return fetch(url, { headers: { accept: 'text/html', ...headers } });
}

describe.skipIf(!hasChromium)('the landing page rendered by the server (decision 005)', () => {
  let app: BrowserApp;
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    app = await startBrowserApp({ env: { BRAND_NAME, WHATSAPP_NUMBER } });
    ({ server, browser } = app);
  });

  afterAll(() => app?.close());

  it('sends the landing page with its content, compressed; other pages empty for the browser', async () => {
    const plain = await getPage(`${server.url}/`, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    const markup = rootMarkup(html);
    expect(markup).toContain(`Sell crypto, we go <span class="text-gold-300">${BRAND_NAME}</span>`);
    expect(markup).toContain(`href="https://wa.me/${WHATSAPP_NUMBER}?text=`);
    expect(markup).not.toMatch(/<script/i);
    // The configuration the browser hydrates with is the one the markup was made with.
    expect(html).toContain(`"brandName":"${BRAND_NAME}"`);

    // Node's fetch decompresses: ask for the bytes the way a browser would get them.
    const br = await new Promise<{ encoding?: string; vary?: string; body: Buffer }>(
      (resolve, reject) => {
        void import('node:http').then(({ get }) =>
          get(
            `${server.url}/`,
            { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({
                  encoding: res.headers['content-encoding'],
                  vary: res.headers.vary,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          ).on('error', reject),
        );
      },
    );
    expect(br.encoding).toBe('br');
    expect(br.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);

    // The prices and the ticker are in the first HTML once the server has prices, with the
    // figures the browser takes the page over with.
    const deadline = Date.now() + 15_000;
    let withPrices = '';
    while (Date.now() < deadline && !withPrices.includes('data-testid="price-ngn"')) {
      withPrices = await (await getPage(`${server.url}/`)).text();
      if (!withPrices.includes('data-testid="price-ngn"'))
        await new Promise((r) => setTimeout(r, 200));
    }
    expect(rootMarkup(withPrices)).toContain('data-testid="price-ticker"');
    expect(withPrices).toMatch(/<meta name="market" content='\{"prices":\[\{"symbol":"BTC"/);

    for (const url of ['/?chat=42', '/trade', '/agent', '/no/such/page']) {
      expect(rootMarkup(await (await getPage(`${server.url}${url}`)).text()), url).toBe('');
    }
  });

  it("answers a link-preview bot like WhatsApp's with the page and its preview tags", async () => {
    const whatsapp = { 'user-agent': 'WhatsApp/2.23.20.0 A', accept: '*/*' };
    for (const url of ['/', '/trade']) {
      const response = await fetch(`${server.url}${url}`, { headers: whatsapp });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(`<meta property="og:title" content="${BRAND_NAME} – Sell Bitcoin`);
      expect(html).toMatch(/<meta\s+property="og:description"\s+content="Sell Bitcoin/);
      expect(html).toContain(`<meta property="og:image" content="${server.url}/icon-512.png"`);
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
    }
    // The image the preview shows is served.
    const image = await fetch(`${server.url}/icon-512.png`, { headers: whatsapp });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // The landing page's own content comes with it, for bots that read the text.
    const landing = await (await fetch(`${server.url}/`, { headers: whatsapp })).text();
    expect(rootMarkup(landing)).toContain('Sell crypto, we go');
  });

  it('works without JavaScript: the headline, the sell card and its WhatsApp links', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Sell crypto, we go ${BRAND_NAME}`,
    );
    const trade = page.getByRole('link', { name: 'Trade USDT Now' });
    expect(new URL((await trade.getAttribute('href'))!).pathname).toBe(`/${WHATSAPP_NUMBER}`);
    expect(await page.getByRole('link', { name: 'Chat here' }).getAttribute('href')).toBe('/trade');
    // The note that the rest needs JavaScript: a banner of the theme, not bare text.
    // (Playwright's text selectors skip <noscript>, so it is found by its class.)
    const note = page.locator('noscript .noscript-note');
    expect(await note.isVisible()).toBe(true);
    expect(await note.innerText()).toBe(
      `${BRAND_NAME} needs JavaScript: please turn it on to sell your crypto.`,
    );
    expect(
      await note.evaluate((el) => {
        const style = getComputedStyle(el);
        return { background: style.backgroundColor, align: style.textAlign };
      }),
    ).toEqual({ background: 'rgb(253, 231, 176)', align: 'center' });
    await screenshot(page, 'landing-no-js-360x740');
    await context.close();
  });

  it('is taken over by the app where it stands: same elements, same scroll, nothing logged', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (['error', 'warning'].includes(message.type())) logged.push(message.text());
    });
    page.on('pageerror', (error) => logged.push(error.message));
    // The app's code arrives late, as on a slow connection: the visitor scrolls meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    const headline = page.getByRole('heading', { level: 1 });
    await headline.waitFor();
    await page.evaluate(() => {
      (document.querySelector('h1') as HTMLElement & { serverNode?: boolean }).serverNode = true;
      window.scrollTo(0, 200);
    });
    release();

    // Live: prices in the rows, the calculator and the sections below the hero.
    await page.getByTestId('price-row-BTC').getByTestId('price-ngn').waitFor();
    await page.getByTestId('rate-calculator').waitFor();
    await page.getByRole('heading', { name: 'How It Works' }).waitFor({ state: 'attached' });
    expect(
      await page.evaluate(
        () => (document.querySelector('h1') as HTMLElement & { serverNode?: boolean }).serverNode,
      ),
    ).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    expect(logged).toEqual([]);
    await context.close();
  });

  it('still opens the chat that /?chat= names', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/?chat=42`);
    await page.waitForURL(`${server.url}/chat/42`);
    await context.close();
  });
});
