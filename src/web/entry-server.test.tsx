// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountApp } from './app/mount-app';
import { isServerRendered, renderLanding } from './entry-server';
import { resetAppQueryClient } from './lib/data-layer';
import { stubApi } from './testing/api-stub';
import { MANAGED_RATES, TEST_PRICES, UNMANAGED_RATES } from './testing/fixtures';
import { TEST_CONFIG } from './testing/render-app';

/** index.html's #root with what the server puts in it. */
function serverPage(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = markup;
  document.body.replaceChildren(root);
  return root;
}

/** The app started by the test, stopped before jsdom goes away (its timers would outlive it). */
let mounted: { unmount(): void } | undefined;

beforeEach(() => {
  resetAppQueryClient();
});

afterEach(async () => {
  await act(async () => mounted?.unmount());
  mounted = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('which pages the server renders', () => {
  it('renders the landing page, whatever its query, except a chat to open', () => {
    for (const url of ['/', '/?utm_source=x', '/?chat=']) expect(isServerRendered(url)).toBe(true);
    for (const url of ['/?chat=42', '/trade', '/agent', '/chat/42', '//evil.example', '/x?y=/'])
      expect(isServerRendered(url)).toBe(false);
  });
});

describe('the landing page rendered by the server', () => {
  it('holds the headline, the sell card and its WhatsApp links, and no script', () => {
    const markup = renderLanding(TEST_CONFIG);
    expect(markup).not.toMatch(/<script/i);
    const page = within(serverPage(markup));
    expect(page.getByRole('heading', { level: 1 }).textContent).toBe(
      'Sell crypto, we go AgentChat',
    );
    expect(page.getByRole('heading', { name: 'Sell Your Crypto' })).toBeTruthy();
    const trade = page.getByRole('link', { name: 'Trade Bitcoin Now' });
    expect(trade.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348012345678\?text=/);
    expect(page.getByRole('link', { name: 'Chat here' }).getAttribute('href')).toBe('/trade');
    // Prices come from the browser: the rows wait for them.
    expect(page.queryAllByTestId('price-ngn')).toEqual([]);
    expect(page.getByTestId('price-row-BTC').textContent).not.toContain('Fair Market Rate');
    // The lazy parts are the browser's too: the calculator and the sections below the hero.
    expect(page.queryByTestId('rate-calculator')).toBeNull();
    expect(page.queryByRole('heading', { name: 'How It Works' })).toBeNull();
  });

  it('shows the prices and rates it is given: the rows, the change and the ticker', () => {
    const page = within(
      serverPage(renderLanding(TEST_CONFIG, { prices: TEST_PRICES, rates: MANAGED_RATES })),
    );
    expect(page.getAllByTestId('price-ngn').map((p) => p.textContent)).toEqual([
      '₦157,254,058.50',
      '₦1,633.83',
    ]);
    expect(page.getByTestId('price-row-BTC').textContent).toContain('+2.35%');
    expect(page.getByTestId('price-ticker-item').textContent).toContain('₦160,463,325');
    // Without rates (they could not be read) the rows wait for them; without prices, none.
    const noRates = within(
      serverPage(renderLanding(TEST_CONFIG, { prices: TEST_PRICES, rates: null })),
    );
    expect(noRates.queryAllByTestId('price-ngn')).toEqual([]);
    const none = within(
      serverPage(renderLanding(TEST_CONFIG, { prices: [], rates: UNMANAGED_RATES })),
    );
    expect(none.getByTestId('price-row-BTC').textContent).toContain('Fair Market Rate');
    expect(none.queryByTestId('price-ticker')).toBeNull();
  });

  it('shows the brand name as text, never as markup', () => {
    const brandName = '<img src=x onerror=alert(1)> & Co';
    const root = serverPage(renderLanding({ ...TEST_CONFIG, brandName }));
    expect(root.querySelector('img')).toBeNull();
    expect(within(root).getByRole('heading', { level: 1 }).textContent).toBe(
      `Sell crypto, we go ${brandName}`,
    );
  });
});

describe('the browser taking the page over', () => {
  it('keeps the server\u2019s elements and scroll position, logs nothing, then goes live', async () => {
    const root = serverPage(renderLanding(TEST_CONFIG));
    const headline = root.querySelector('h1');
    const sellCard = root.querySelector('#sell');
    const logged = vi.spyOn(console, 'error');
    const warned = vi.spyOn(console, 'warn');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const reported = vi.fn();
    window.addEventListener('error', reported);
    stubApi({
      'GET /api/prices': { body: TEST_PRICES },
      'GET /api/exchange-rates': { body: UNMANAGED_RATES },
    });

    mounted = mountApp(root, TEST_CONFIG);
    // Live: prices in the rows, the ticker, the calculator and the sections below the hero.
    expect((await screen.findAllByTestId('price-ngn')).map((p) => p.textContent)).toEqual([
      '₦160,463,325',
      '₦1,650.33',
    ]);
    expect(await screen.findByTestId('price-ticker')).toBeTruthy();
    expect(await screen.findByTestId('rate-calculator')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeTruthy();

    // Hydrated, not rendered again: the very elements the server sent.
    expect(root.querySelector('h1')).toBe(headline);
    expect(root.querySelector('#sell')).toBe(sellCard);
    // A mismatch between the two renders would be reported (React logs it, or reports it
    // as an uncaught error), and a visitor who scrolled the page before would be sent back up.
    expect(logged).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
    expect(reported).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
    window.removeEventListener('error', reported);
  });

  it('with the market figures it was rendered with: shows them at once and asks for none', async () => {
    const market = { prices: TEST_PRICES, rates: MANAGED_RATES };
    const root = serverPage(renderLanding(TEST_CONFIG, market));
    const figures = root.querySelector('[data-testid="price-ngn"]');
    const logged = vi.spyOn(console, 'error');
    const calls = stubApi({});
    mounted = mountApp(root, TEST_CONFIG, market);
    expect(await screen.findByTestId('rate-calculator')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeTruthy();
    expect(root.querySelector('[data-testid="price-ngn"]')).toBe(figures);
    expect(screen.getByTestId('calculator-rate').textContent).toContain('₦157,254,058.50');
    expect(calls.map((c) => c.path)).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('renders pages the server did not (an empty #root) from scratch', async () => {
    const root = serverPage('');
    stubApi({
      'GET /api/prices': { body: TEST_PRICES },
      'GET /api/exchange-rates': { body: UNMANAGED_RATES },
    });
    mounted = mountApp(root, TEST_CONFIG);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Sell crypto, we go AgentChat',
    );
  });
});
