// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKER_ROTATION_MS } from './components/price-ticker';
import { whatsAppTradeLink } from './whatsapp-link';
import type { Price } from '../../../shared/api/prices';
import type { RatesResponse } from '../../../shared/api/rates';
import { stubApi } from '../../testing/api-stub';
import { MANAGED_RATES, TEST_PRICES, UNMANAGED_RATES } from '../../testing/fixtures';
import { renderApp, TEST_CONFIG } from '../../testing/render-app';

/** Answers the landing page's two requests: the market prices and the agents' rates. */
function stubLandingApi(prices: Price[] | 'error', rates: RatesResponse = UNMANAGED_RATES) {
  return stubApi({
    'GET /api/prices':
      prices === 'error'
        ? { status: 500, body: { error: 'Internal Server Error' } }
        : { body: prices },
    'GET /api/exchange-rates': { body: rates },
  });
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function row(symbol: 'BTC' | 'USDT') {
  return within(screen.getByTestId(`price-row-${symbol}`));
}

describe('landing page', () => {
  it('shows the tagline with the configured brand', async () => {
    stubLandingApi(TEST_PRICES);
    renderApp('/', { ...TEST_CONFIG, brandName: 'Naija Desk' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Sell crypto, we go Naija Desk',
    );
    expect(await screen.findByRole('heading', { name: 'About Naija Desk' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why Choose Naija Desk' })).toBeTruthy();
  });

  it('shows each price in naira and USD with the 24 h change, and a ticker', async () => {
    const calls = stubLandingApi(TEST_PRICES);
    renderApp('/');
    expect((await row('BTC').findByTestId('price-ngn')).textContent).toBe('₦160,463,325');
    expect(row('BTC').getByTestId('price-caption').textContent).toBe('$97,250.50');
    expect(row('BTC').getByText('+2.35%')).toBeTruthy();
    expect((await row('USDT').findByTestId('price-ngn')).textContent).toBe('₦1,650.33');
    expect(row('USDT').getByText('-0.01%')).toBeTruthy();
    expect(screen.queryByText('Fair Market Rate')).toBeNull();
    expect(await screen.findByTestId('price-ticker')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/prices')?.credentials).toBe('include');
  });

  it("shows the agents' managed sell rate in naira once they set one, and a rate calculator", async () => {
    stubLandingApi(TEST_PRICES, MANAGED_RATES);
    renderApp('/');
    expect((await row('BTC').findByTestId('price-ngn')).textContent).toBe('₦157,254,058.50');
    expect(row('BTC').getByTestId('price-caption').textContent).toBe('Our rate per BTC');
    expect((await row('USDT').findByTestId('price-ngn')).textContent).toBe('₦1,633.83');
    const calculator = await screen.findByTestId('rate-calculator');
    expect(within(calculator).getByRole('radiogroup', { name: 'Coin' })).toBeTruthy();
    expect((await within(calculator).findByTestId('calculator-rate')).textContent).toContain(
      'Our rate',
    );
  });

  it('shows "Fair Market Rate" with no market price, even when rates are managed', async () => {
    stubLandingApi([], MANAGED_RATES);
    renderApp('/');
    expect(await row('BTC').findByText('Fair Market Rate')).toBeTruthy();
    expect(row('USDT').getByText('Fair Market Rate')).toBeTruthy();
    expect(screen.queryByTestId('price-ngn')).toBeNull();
  });

  it('shows the market price, not a managed rate the server withholds (outside the guard)', async () => {
    const withheld = {
      ...MANAGED_RATES,
      rates: MANAGED_RATES.rates.map((r) => ({
        ...r,
        published: false,
        buyRateUsd: null,
        sellRateUsd: null,
        buyRateNaira: null,
        sellRateNaira: null,
        spreadPercentage: null,
        lastUpdated: null,
      })),
    };
    stubLandingApi(TEST_PRICES, withheld);
    renderApp('/');
    expect((await row('BTC').findByTestId('price-ngn')).textContent).toBe('₦160,463,325');
    expect(row('BTC').getByTestId('price-caption').textContent).toBe('$97,250.50');
  });

  it('rotates the ticker every 3 s and pauses on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubLandingApi(TEST_PRICES);
    renderApp('/');
    const item = () => screen.getByTestId('price-ticker-item').textContent ?? '';
    await screen.findByTestId('price-ticker-item');
    expect(item()).toMatch(/^BTC₦160,463,325/);
    await act(() => vi.advanceTimersByTimeAsync(TICKER_ROTATION_MS));
    expect((await screen.findByTestId('price-ticker-item')).textContent).toMatch(/^USDT₦1,650/);
    await act(() => vi.advanceTimersByTimeAsync(TICKER_ROTATION_MS));
    expect(item()).toMatch(/^BTC/);

    act(() => screen.getByRole('button', { name: 'Pause price ticker' }).click());
    await act(() => vi.advanceTimersByTimeAsync(TICKER_ROTATION_MS * 3));
    expect(item()).toMatch(/^BTC/);
    expect(screen.getByRole('button', { name: 'Resume price ticker' })).toBeTruthy();
  });

  it.each([
    ['no prices are known yet', [] as const],
    ['the prices request fails', 'error' as const],
  ])('when %s: each row shows "Fair Market Rate" and the ticker is hidden', async (_, answer) => {
    stubLandingApi(answer === 'error' ? 'error' : []);
    renderApp('/');
    expect(await row('BTC').findByText('Fair Market Rate')).toBeTruthy();
    expect(row('USDT').getByText('Fair Market Rate')).toBeTruthy();
    expect(screen.queryByTestId('price-ticker')).toBeNull();
    expect(screen.queryByTestId('price-ngn')).toBeNull();
  });

  it('notes when prices were last updated if they are stale', async () => {
    stubLandingApi(TEST_PRICES.map((p) => ({ ...p, stale: true })));
    renderApp('/');
    expect((await screen.findByTestId('prices-last-updated')).textContent).toMatch(
      /^Last updated /,
    );
    expect(screen.queryByText('Live rates')).toBeNull();
  });

  it('links each trade button to WhatsApp with the prefilled text, and "Chat here" to /trade', async () => {
    stubLandingApi([]);
    renderApp('/');
    const btc = await row('BTC').findByRole('link', { name: 'Trade Bitcoin Now' });
    const usdt = row('USDT').getByRole('link', { name: 'Trade USDT Now' });
    expect(btc.getAttribute('href')).toBe(whatsAppTradeLink('2348012345678', 'Bitcoin'));
    expect(usdt.getAttribute('href')).toBe(whatsAppTradeLink('2348012345678', 'USDT'));
    for (const link of [btc, usdt]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('link', { name: 'Chat here' }).getAttribute('href')).toBe('/trade');
    expect(screen.getByText('No KYC, no third parties required')).toBeTruthy();
  });

  it('has the About, How It Works (four steps) and Why Choose sections and a footer', async () => {
    stubLandingApi([]);
    renderApp('/');
    const how = await screen.findByRole('region', { name: 'How It Works' });
    const steps = within(how)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('h3')?.textContent);
    expect(steps).toEqual([
      'Step 1: Start a chat',
      'Step 2: Get your rate',
      'Step 3: Trade and share screenshots',
      'Step 4: Receive your cash',
    ]);
    expect(screen.getByRole('region', { name: 'About AgentChat' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Why Choose AgentChat' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
