import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricesResponseSchema } from '../../src/shared/api/prices';
import { formatNaira, usdToNaira } from '../../src/shared/money';
import {
  CHROMIUM_MISSING,
  hasChromium,
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  screenshot,
  startBrowserApp,
  type BrowserApp,
} from '../support/e2e';
import type { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const WHATSAPP_NUMBER = '2348012345678';
const BRAND_NAME = 'AgentChat';

/** What the landing page shows for a quote: USD at the default 1650, whole naira from ₦100,000. */
function expectedNaira(usd: number): string {
  const ngn = usdToNaira(String(usd), '1650');
  return formatNaira(ngn, { whole: Number(ngn) >= 100_000 });
}

async function waitForServerPrices(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const prices = pricesResponseSchema.parse(await (await fetch(`${baseUrl}/api/prices`)).json());
    if (prices.length === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app never got prices from the price server');
}

/**
 * A page in its own context (axe needs one), closed with it; with motion, as most visitors
 * see the landing page (the other files prefer it reduced).
 */
async function openPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  return Object.assign(page, { dispose: () => context.close() });
}

/** Elements that stick out of a `width` wide viewport, even where an ancestor clips them. */
async function elementsOutside(page: Page, width: number): Promise<string[]> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  return page.evaluate((viewportWidth) => {
    const outside: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 1 && (box.right > viewportWidth + 0.5 || box.left < -0.5)) {
        outside.push(`${el.tagName.toLowerCase()}.${String(el.className)}`.slice(0, 100));
      }
    }
    return outside;
  }, width);
}

/** Elements that stick out of their card: the card's content box must hold them. */
async function elementsOutsideOf(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((cardSelector) => {
    const card = document.querySelector(cardSelector)!;
    const bounds = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const left = bounds.left + parseFloat(style.paddingLeft);
    const right = bounds.right - parseFloat(style.paddingRight);
    const outside: string[] = [];
    for (const el of card.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width > 1 && (box.right > right + 0.5 || box.left < left - 0.5)) {
        outside.push(`${el.tagName.toLowerCase()}.${String(el.className)}`.slice(0, 100));
      }
    }
    return outside;
  }, selector);
}

async function rowText(page: Page, symbol: 'BTC' | 'USDT'): Promise<string> {
  return (await page.getByTestId(`price-row-${symbol}`).textContent()) ?? '';
}

describe.skipIf(!hasChromium)('landing page in a real browser against the real server', () => {
  let app: BrowserApp;
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    app = await startBrowserApp({ env: { BRAND_NAME, WHATSAPP_NUMBER } });
    ({ priceServer, server, browser } = app);
  });

  afterAll(() => app?.close());

  it('shows live naira prices and a ticker that rotates every 3 s', async () => {
    await waitForServerPrices(server.url);
    const page = await openPage(browser, PHONE);
    await page.goto(`${server.url}/`);

    await page
      .getByRole('heading', { level: 1, name: `Sell crypto, we go ${BRAND_NAME}` })
      .waitFor();
    const btc = page.getByTestId('price-row-BTC').getByTestId('price-ngn');
    const usdt = page.getByTestId('price-row-USDT').getByTestId('price-ngn');
    await btc.waitFor();
    expect(await btc.textContent()).toBe(expectedNaira(priceServer.quotes.bitcoin.usd));
    expect(await usdt.textContent()).toBe(expectedNaira(priceServer.quotes.tether.usd));
    expect(await rowText(page, 'BTC')).toContain('$97,250.50');
    // The change badge is a lazy chunk of its own: it may come after the figures.
    await page.getByTestId('price-row-BTC').getByText('+2.35%').waitFor();

    const item = page.getByTestId('price-ticker-item');
    await item.waitFor();
    const first = (await item.textContent()) ?? '';
    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="price-ticker-item"]')?.textContent !== before,
      first,
      { timeout: 5_000 },
    );
    const second = (await item.textContent()) ?? '';
    expect([first.slice(0, 3), second.slice(0, 4)]).toEqual(['BTC', 'USDT']);

    const trade = page.getByRole('link', { name: 'Trade Bitcoin Now' });
    const href = new URL((await trade.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${WHATSAPP_NUMBER}`);
    expect(href.searchParams.get('text')).toBe(
      'Hello, I want to sell Bitcoin. What is your current rate?',
    );
    expect(await trade.getAttribute('target')).toBe('_blank');

    // Mobile first: nothing wider than the phone, even where a section clips its overflow.
    expect(await elementsOutside(page, PHONE.width)).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'landing-360x740');
    await screenshot(page, 'landing-360x740' + '-full', { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'landing-1280x800');
    await screenshot(page, 'landing-1280x800' + '-full', { fullPage: true });

    await expectNoAxeViolations(page);
    await page.dispose();
  });

  it('without prices (price service down, nothing stored): "Fair Market Rate" and no ticker', async () => {
    await priceServer.stop();
    await server.restart({ freshDataDir: true });
    const page = await openPage(browser, PHONE);
    await page.goto(`${server.url}/`);

    await page.getByTestId('price-row-BTC').getByText('Fair Market Rate').waitFor();
    expect(await rowText(page, 'BTC')).toContain('Fair Market Rate');
    expect(await rowText(page, 'USDT')).toContain('Fair Market Rate');
    expect(await elementsOutside(page, PHONE.width)).toEqual([]);
    expect(await page.getByTestId('price-ticker').count()).toBe(0);
    expect(await page.getByTestId('price-ngn').count()).toBe(0);
    await screenshot(page, 'landing-no-prices-360x740');
    await screenshot(page, 'landing-no-prices-360x740' + '-full', { fullPage: true });
    await page.dispose();
  });

  it('shows the not-found page, with both access paths, for an unknown path', async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${server.url}/no/such/page`);

    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(
      await page
        .getByText("The page you're looking for doesn't exist. Choose your access path:")
        .count(),
    ).toBe(1);
    const customer = page.getByRole('link', { name: 'Customer Trading Portal' });
    const agent = page.getByRole('link', { name: 'Agent & Admin Portal' });
    expect(await customer.getAttribute('href')).toBe('/trade');
    expect(await agent.getAttribute('href')).toBe('/agent');
    expect(await elementsOutside(page, PHONE.width)).toEqual([]);
    expect(await elementsOutsideOf(page, 'main > div')).toEqual([]);
    await screenshot(page, 'not-found-360x740');
    await screenshot(page, 'not-found-360x740' + '-full', { fullPage: true });

    await agent.click();
    await page.waitForURL(`${server.url}/agent`);
    await page.dispose();
  });
});
