// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../lib/toast';
import { resetUnauthorizedRedirect } from '../../lib/unauthorized';
import { withGuard } from '../../app/guards';
import ExchangeRatesScreen, { NOTHING_TO_SAVE } from './exchange-rates-screen';
import { type ApiCall, json, stubApi } from '../../testing/api-stub';
import { makeAgent, MANAGED_RATES, TEST_PRICES, UNMANAGED_RATES } from '../../testing/fixtures';
import { renderApp, renderWithApp } from '../../testing/render-app';

/** The screen as its route shows it: behind its guard (app/routes.tsx). */
const GuardedScreen = withGuard('staff-or-home', ExchangeRatesScreen);

const DEFAULT_PRICE = {
  symbol: 'BTC' as const,
  name: 'Bitcoin',
  usd: '97250.5',
  ngn: '160463325.00',
  marketNgn: null,
  change24h: '2.35',
  updatedAt: '2026-11-22T08:00:00.000Z',
  stale: false,
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
  resetUnauthorizedRedirect();
});

function stubAgentApi(overrides: Record<string, (call: ApiCall) => Response> = {}) {
  return stubApi({
    'GET /api/agent/user': () => json(makeAgent()),
    'GET /api/exchange-rates/manage': () => json(UNMANAGED_RATES),
    'GET /api/exchange-rates/history': () => json({ items: [], nextCursor: null }),
    'GET /api/prices': { body: TEST_PRICES },
    ...overrides,
  });
}

function field(testId: string): HTMLInputElement {
  return screen.getByTestId(testId) as HTMLInputElement;
}

function type(testId: string, value: string) {
  fireEvent.change(field(testId), { target: { value } });
}

function errorOf(testId: string): string | null {
  const id = field(testId).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function toastText(): string {
  return toastStore
    .getSnapshot()
    .map((t) => [t.title, t.description].filter(Boolean).join(' – '))
    .join('\n');
}

async function renderScreen(path = '/agent/exchange-rates') {
  const app = renderWithApp(<GuardedScreen />, path);
  await screen.findByTestId('rate-card-bitcoin');
  return app;
}

describe('exchange rates screen', () => {
  it('shows the live market prices, the USD-to-Naira rate, a card per currency and the history', async () => {
    stubAgentApi();
    await renderScreen('/exchange-rates');
    expect(screen.getByRole('heading', { level: 1, name: 'Exchange Rates' })).toBeTruthy();
    const market = await screen.findByTestId('market-price-BTC');
    expect(market.textContent).toContain('$97,250.50');
    expect(market.textContent).toContain('₦160,463,325.00');
    expect(screen.getByLabelText('1 USD =')).toBe(field('usd-to-naira'));
    expect(field('usd-to-naira').value).toBe('1,650');
    await waitFor(() =>
      expect(screen.getByTestId('market-usd-to-naira').textContent).toBe(
        'Market: ₦1,602.50/USD (USDT in NGN)',
      ),
    );
    expect(field('bitcoin-spreadPercentage').value).toBe('2');
    expect(field('bitcoin-spreadPercentage').step).toBe('0.1');
    expect(field('usdt-spreadPercentage').value).toBe('1');
    const card = screen.getByTestId('rate-card-bitcoin');
    for (const label of [
      'Spread %',
      'Buy Rate (USD)',
      'Sell Rate (USD)',
      'Buy Rate (Naira)',
      'Sell Rate (Naira)',
    ])
      expect(within(card).getByLabelText(label)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Auto Calculate' })).toBeTruthy();
    expect(screen.getByTestId('bitcoin-last-updated').textContent).toBe(
      'Last updated: never (no saved rate)',
    );
    expect(screen.getByRole('button', { name: 'Save All Exchange Rates' })).toBeTruthy();
    await screen.findByText(
      'No changes yet. Customers see the market price until an agent saves a rate.',
    );
  });

  it('pre-fills a currency with no managed rate with the market-derived values, marked as a suggestion', async () => {
    stubAgentApi();
    await renderScreen();
    await screen.findByTestId('market-price-BTC');
    // Per coin: 97,250.50 x 0.98 = 95,305.49 USD; x 1650 = ₦157,254,058.50, never ₦1,550.
    await waitFor(() => expect(field('bitcoin-sellRateNaira').value).toBe('157,254,058.50'));
    expect(field('bitcoin-buyRateUsd').value).toBe('99195.51');
    expect(field('usdt-sellRateNaira').value).toBe('1,633.83');
    expect(screen.getByTestId('bitcoin-origin').textContent).toBe('Suggestion');
    expect(screen.getByTestId('bitcoin-suggestion').textContent).toContain(
      'No saved rate yet. These values are suggested from the market price',
    );
    expect(screen.queryByTestId('unsaved')).toBeNull();
  });

  it('saves nothing when Save All is pressed untouched, and says why', async () => {
    const calls = stubAgentApi();
    await renderScreen();
    await waitFor(() => expect(field('bitcoin-sellRateNaira').value).toBe('157,254,058.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Save All Exchange Rates' }));
    expect((await screen.findByTestId('nothing-to-save')).textContent).toBe(NOTHING_TO_SAVE);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves a used suggestion, and only that currency', async () => {
    const calls = stubAgentApi({ 'POST /api/exchange-rates': () => json(MANAGED_RATES) });
    await renderScreen();
    await waitFor(() => expect(field('bitcoin-sellRateNaira').value).toBe('157,254,058.50'));
    fireEvent.click(
      within(screen.getByTestId('rate-card-bitcoin')).getByRole('button', {
        name: 'Use suggested rates',
      }),
    );
    expect(screen.getByTestId('bitcoin-origin').textContent).toBe('Will be saved');
    fireEvent.click(screen.getByRole('button', { name: 'Save All Exchange Rates' }));
    await waitFor(() => expect(toastText()).toBe('Success – Exchange rates updated successfully'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect((posts[0]!.body as { rates: { currency: string }[] }).rates).toEqual([
      expect.objectContaining({ currency: 'bitcoin', sellRateNaira: '157254058.5' }),
    ]);
  });

  it('asks for a reason when the market guard refuses, and sends it with the same save', async () => {
    const refusal = {
      error:
        'BTC sell rate ₦1,550.00 is 100.00 % below the market ₦160,463,325.00; confirm with a reason to save it',
      code: 'rate_guard',
      guardPercent: 10,
      deviations: [
        {
          label: 'BTC sell rate',
          value: '1550.00',
          reference: '160463325.00',
          deviationPercent: '-100.00',
          message: 'BTC sell rate ₦1,550.00 is 100.00 % below the market ₦160,463,325.00',
        },
      ],
    };
    const calls = stubAgentApi({
      'POST /api/exchange-rates': (call) =>
        (call.body as { confirmation?: unknown }).confirmation
          ? json(MANAGED_RATES)
          : json(refusal, 409),
    });
    await renderScreen();
    type('bitcoin-sellRateNaira', '1550');
    fireEvent.click(screen.getByRole('button', { name: 'Save All Exchange Rates' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirm rates outside the market guard',
    });
    expect(within(dialog).getByTestId('guard-deviations').textContent).toBe(
      'BTC sell rate₦1,550.00 vs ₦160,463,325.00−100.00 %',
    );
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Market feed is wrong today' },
    });
    // A double click saves once.
    const saveAnyway = within(dialog).getByRole('button', { name: 'Save anyway' });
    fireEvent.click(saveAnyway);
    fireEvent.click(saveAnyway);
    await waitFor(() => expect(toastText()).toBe('Success – Exchange rates updated successfully'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual({
      ...(posts[0] as object),
      confirmation: { reason: 'Market feed is wrong today' },
    });
  });

  it('marks a stale price and says so when there are no prices', async () => {
    stubAgentApi({
      'GET /api/prices': () =>
        json([
          { ...(JSON.parse(JSON.stringify(DEFAULT_PRICE)) as typeof DEFAULT_PRICE), stale: true },
        ]),
    });
    await renderScreen();
    const btc = await screen.findByTestId('market-price-BTC');
    expect(btc.getAttribute('data-stale')).toBe('true');
    expect(btc.textContent).toContain('Stale');
    expect(btc.textContent).toMatch(/Last updated 22 Nov 2026/);
    // No USDT naira price from the service: the typed USD-to-Naira rate has no reference.
    expect(screen.getByTestId('market-usd-to-naira').textContent).toBe(
      'No market reference yet: this rate is not checked',
    );
    cleanup();

    stubAgentApi({ 'GET /api/prices': () => json([]) });
    await renderScreen();
    await screen.findByText(/Failed to fetch current market prices/);
    fireEvent.click(
      within(screen.getByTestId('rate-card-bitcoin')).getByRole('button', {
        name: 'Auto Calculate',
      }),
    );
    expect(screen.getByTestId('rate-card-bitcoin').textContent).toContain(
      'No market price yet: Auto Calculate needs one',
    );
  });

  it('auto calculates from the market price and spread, and recalculates Naira when a USD rate changes', async () => {
    stubAgentApi();
    await renderScreen();
    await screen.findByTestId('market-price-BTC');
    fireEvent.click(
      within(screen.getByTestId('rate-card-bitcoin')).getByRole('button', {
        name: 'Auto Calculate',
      }),
    );
    expect(field('bitcoin-buyRateUsd').value).toBe('99195.51');
    expect(field('bitcoin-sellRateUsd').value).toBe('95305.49');
    expect(field('bitcoin-buyRateNaira').value).toBe('163,672,591.50');
    expect(field('bitcoin-sellRateNaira').value).toBe('157,254,058.50');

    type('usdt-spreadPercentage', '1.5');
    fireEvent.click(
      within(screen.getByTestId('rate-card-usdt')).getByRole('button', { name: 'Auto Calculate' }),
    );
    expect(field('usdt-buyRateUsd').value).toBe('1.015203');
    expect(field('usdt-sellRateNaira').value).toBe('1,625.58');

    type('bitcoin-sellRateUsd', '90000');
    expect(field('bitcoin-sellRateNaira').value).toBe('148,500,000.00');
    type('usd-to-naira', '1700');
    expect(field('bitcoin-sellRateNaira').value).toBe('153,000,000.00');
    expect(screen.getByTestId('unsaved')).toBeTruthy();
  });

  it('says why a value is refused, and saves nothing until it is fixed', async () => {
    const calls = stubAgentApi();
    await renderScreen();
    type('bitcoin-spreadPercentage', '51');
    await waitFor(() =>
      expect(errorOf('bitcoin-spreadPercentage')).toBe('Spread % must be at most 50'),
    );
    type('bitcoin-buyRateUsd', '-5');
    await waitFor(() =>
      expect(errorOf('bitcoin-buyRateUsd')).toBe('USD buy rate cannot be negative'),
    );
    type('usdt-sellRateNaira', '0');
    await waitFor(() =>
      expect(errorOf('usdt-sellRateNaira')).toBe('Naira sell rate must be greater than zero'),
    );
    type('usd-to-naira', '');
    await waitFor(() => expect(errorOf('usd-to-naira')).toBe('USD to Naira rate is required'));
    type('usdt-sellRateUsd', '5');
    await waitFor(() =>
      expect(errorOf('usdt-sellRateUsd')).toBe('The sell rate cannot be above the buy rate'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save All Exchange Rates' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Some rates need fixing');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves every currency in one call, with the spec’s toast', async () => {
    const calls = stubAgentApi({
      'POST /api/exchange-rates': () => json(MANAGED_RATES),
    });
    await renderScreen();
    await screen.findByTestId('market-price-BTC');
    for (const currency of ['bitcoin', 'usdt'])
      fireEvent.click(
        within(screen.getByTestId(`rate-card-${currency}`)).getByRole('button', {
          name: 'Auto Calculate',
        }),
      );
    fireEvent.click(screen.getByRole('button', { name: 'Save All Exchange Rates' }));
    await waitFor(() => expect(toastText()).toBe('Success – Exchange rates updated successfully'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      usdToNaira: '1650',
      rates: [
        {
          currency: 'bitcoin',
          spreadPercentage: '2',
          buyRateUsd: '99195.51',
          sellRateUsd: '95305.49',
          buyRateNaira: '163672591.5',
          sellRateNaira: '157254058.5',
        },
        {
          currency: 'usdt',
          spreadPercentage: '1',
          buyRateUsd: '1.010202',
          sellRateUsd: '0.990198',
          buyRateNaira: '1666.83',
          sellRateNaira: '1633.83',
        },
      ],
    });
    // The saved rates are now the screen's, with their time; the history is asked again.
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull());
    expect(screen.getByTestId('bitcoin-last-updated').textContent).toMatch(
      /^Last updated: 22 Nov 2026/,
    );
    expect(calls.filter((c) => c.path === '/api/exchange-rates/history').length).toBe(2);
  });

  it("shows the server's reason when the save fails", async () => {
    stubAgentApi({
      'POST /api/exchange-rates': () =>
        json({ error: 'rates.0.spreadPercentage: Spread % must be at most 50' }, 400),
    });
    await renderScreen();
    type('bitcoin-spreadPercentage', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save All Exchange Rates' }));
    await waitFor(() =>
      expect(toastText()).toBe(
        'Error – Failed to update exchange rates: rates.0.spreadPercentage: Spread % must be at most 50',
      ),
    );
  });

  it('sends anyone but an agent home with the spec’s toast, on both paths', async () => {
    stubApi({
      'GET /api/agent/user': () => json({ error: 'Forbidden' }, 403),
      'GET /api/prices': { body: TEST_PRICES },
    });
    const app = renderApp('/agent/exchange-rates');
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(toastText()).toBe('Unauthorized – Agent access required for exchange rate management');
    cleanup();
    toastStore.remove();

    stubApi({
      'GET /api/agent/user': () => json({ error: 'Unauthorized' }, 401),
      'GET /api/prices': { body: TEST_PRICES },
    });
    const visitor = renderApp('/exchange-rates');
    await waitFor(() => expect(visitor.currentPath()).toBe('/'));
    expect(toastText()).toBe('Unauthorized – Agent access required for exchange rate management');
  });
});
