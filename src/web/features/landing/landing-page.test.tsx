// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPricesApi, TEST_CONFIG, TEST_PRICES } from '../../testing/render-app';
import { TICKER_ROTATION_MS } from './components/price-ticker';
import { whatsAppTradeLink } from './whatsapp-link';

/** Rates an agent saved (GET /api/exchange-rates). */
const MANAGED_RATES = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'bitcoin',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
      spreadPercentage: '2',
      lastUpdated: '2026-11-22T08:00:00.000Z',
      managed: true,
      published: true,
    },
    {
      currency: 'usdt',
      buyRateUsd: '1.010202',
      sellRateUsd: '0.990198',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1',
      lastUpdated: '2026-11-22T08:00:00.000Z',
      managed: true,
      published: true,
    },
  ],
};

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
    stubPricesApi(TEST_PRICES);
    renderApp('/', { ...TEST_CONFIG, brandName: 'Naija Desk' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Sell crypto, we go Naija Desk',
    );
    expect(await screen.findByRole('heading', { name: 'About Naija Desk' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why Choose Naija Desk' })).toBeTruthy();
  });

  it('shows each price in naira and USD with the 24 h change, and a ticker', async () => {
    const fetchMock = stubPricesApi(TEST_PRICES);
    renderApp('/');
    expect((await row('BTC').findByTestId('price-ngn')).textContent).toBe('₦160,463,325');
    expect(row('BTC').getByTestId('price-caption').textContent).toBe('$97,250.50');
    expect(row('BTC').getByText('+2.35%')).toBeTruthy();
    expect((await row('USDT').findByTestId('price-ngn')).textContent).toBe('₦1,650.33');
    expect(row('USDT').getByText('-0.01%')).toBeTruthy();
    expect(screen.queryByText('Fair Market Rate')).toBeNull();
    expect(await screen.findByTestId('price-ticker')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/prices',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it("shows the agents' managed sell rate in naira once they set one, and a rate calculator", async () => {
    const fetchMock = stubPricesApi(TEST_PRICES);
    const prices = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      input === '/api/exchange-rates'
        ? new Response(JSON.stringify(MANAGED_RATES), {
            headers: { 'content-type': 'application/json' },
          })
        : prices(input, init),
    );
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
    const fetchMock = stubPricesApi([]);
    const prices = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      input === '/api/exchange-rates'
        ? new Response(JSON.stringify(MANAGED_RATES), {
            headers: { 'content-type': 'application/json' },
          })
        : prices(input, init),
    );
    renderApp('/');
    expect(await row('BTC').findByText('Fair Market Rate')).toBeTruthy();
    expect(row('USDT').getByText('Fair Market Rate')).toBeTruthy();
    expect(screen.queryByTestId('price-ngn')).toBeNull();
  });

  it('shows the market price, not a managed rate the server withholds (outside the guard)', async () => {
    const fetchMock = stubPricesApi(TEST_PRICES);
    const prices = fetchMock.getMockImplementation()!;
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
    fetchMock.mockImplementation(async (input, init) =>
      input === '/api/exchange-rates'
        ? new Response(JSON.stringify(withheld), {
            headers: { 'content-type': 'application/json' },
          })
        : prices(input, init),
    );
    renderApp('/');
    expect((await row('BTC').findByTestId('price-ngn')).textContent).toBe('₦160,463,325');
    expect(row('BTC').getByTestId('price-caption').textContent).toBe('$97,250.50');
  });

  it('rotates the ticker every 3 s and pauses on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubPricesApi(TEST_PRICES);
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
    stubPricesApi(answer === 'error' ? 'error' : []);
    renderApp('/');
    expect(await row('BTC').findByText('Fair Market Rate')).toBeTruthy();
    expect(row('USDT').getByText('Fair Market Rate')).toBeTruthy();
    expect(screen.queryByTestId('price-ticker')).toBeNull();
    expect(screen.queryByTestId('price-ngn')).toBeNull();
  });

  it('notes when prices were last updated if they are stale', async () => {
    stubPricesApi(TEST_PRICES.map((p) => ({ ...p, stale: true })));
    renderApp('/');
    expect((await screen.findByTestId('prices-last-updated')).textContent).toMatch(
      /^Last updated /,
    );
    expect(screen.queryByText('Live rates')).toBeNull();
  });

  it('links each trade button to WhatsApp with the prefilled text, and "Chat here" to /trade', async () => {
    stubPricesApi([]);
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
    stubPricesApi([]);
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
