// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRates } from '../api/get-rates';
import { PublicRateCalculator } from './public-rate-calculator';
import { RateCalculator as Calculator } from './rate-calculator';
import { json, stubApi } from '../../../testing/api-stub';
import { MANAGED_RATES, TEST_PRICES, UNMANAGED_RATES } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The calculator as a screen in the data layer shows it: at the query cache's rates. */
function RateCalculator(props: Omit<ComponentProps<typeof Calculator>, 'rates'>) {
  return <Calculator rates={useRates()} {...props} />;
}

function input(name: RegExp): HTMLInputElement {
  return screen.getByLabelText(name) as HTMLInputElement;
}

describe('RateCalculator', () => {
  it('turns a BTC amount into naira and naira into BTC at the managed sell rate', async () => {
    stubApi({
      'GET /api/exchange-rates': () => json(MANAGED_RATES),
      'GET /api/prices': { body: TEST_PRICES },
    });
    renderWithApp(<RateCalculator />, '/');
    await screen.findByTestId('calculator-rate');
    expect(screen.getByTestId('calculator-rate').textContent).toBe(
      'Our rate: ₦157,254,058.50 per BTC. Your agent confirms the final amount in chat.',
    );

    fireEvent.change(input(/You sell/), { target: { value: '0.05' } });
    // Its arithmetic loads on first use.
    await waitFor(() => expect(input(/You receive/).value).toBe('7862702.93'));
    expect(screen.getByTestId('calculator-result').textContent).toBe('0.05 BTC = ₦7,862,702.93');

    fireEvent.change(input(/You receive/), { target: { value: '1000000' } });
    expect(input(/You sell/).value).toBe('0.00635913');
    expect(screen.getByTestId('calculator-result').textContent).toBe(
      '0.00635913 BTC = ₦1,000,000.00',
    );

    // The other coin, same naira typed: its own rate.
    fireEvent.click(screen.getByRole('radio', { name: 'USDT' }));
    expect(input(/You sell/).value).toBe('612.05878212');
    expect(screen.getByTestId('calculator-rate').textContent).toContain('₦1,633.83 per USDT');
  });

  it('says what is wrong with the amount', async () => {
    stubApi({
      'GET /api/exchange-rates': () => json(MANAGED_RATES),
      'GET /api/prices': { body: TEST_PRICES },
    });
    renderWithApp(<RateCalculator currency="usdt" lockCurrency />, '/');
    await screen.findByTestId('calculator-rate');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    fireEvent.change(input(/You sell \(USDT\)/), { target: { value: '12abc' } });
    expect(await screen.findByText('Amount must be a number')).toBeTruthy();
    expect(input(/You receive/).value).toBe('');
    expect(input(/You sell/).getAttribute('aria-invalid')).toBe('true');
  });

  it('uses the market price before rates are managed, and says so when there is none', async () => {
    stubApi({
      'GET /api/exchange-rates': () => json(UNMANAGED_RATES),
      'GET /api/prices': { body: TEST_PRICES },
    });
    renderWithApp(<RateCalculator currency="usdt" />, '/');
    await screen.findByTestId('calculator-rate');
    expect(screen.getByTestId('calculator-rate').textContent).toBe(
      'Market price: ₦1,650.33 per USDT. Your agent confirms the rate in chat.',
    );
    fireEvent.change(input(/You sell/), { target: { value: '100' } });
    await waitFor(() => expect(input(/You receive/).value).toBe('165033.00'));
    cleanup();

    stubApi({
      'GET /api/exchange-rates': () => json(UNMANAGED_RATES),
      'GET /api/prices': () => json({ error: 'Internal Server Error' }, 500),
    });
    renderWithApp(<RateCalculator />, '/');
    const note = await screen.findByTestId('calculator-unavailable');
    expect(within(note).getByText('Fair Market Rate.')).toBeTruthy();
  });

  it('on the landing page, reads the published rates without the query library', async () => {
    stubApi({
      'GET /api/exchange-rates': () => json(MANAGED_RATES),
      'GET /api/prices': { body: TEST_PRICES },
    });
    renderWithApp(<PublicRateCalculator />, '/');
    await screen.findByTestId('calculator-rate');
    expect(screen.getByTestId('calculator-rate').textContent).toBe(
      'Our rate: ₦157,254,058.50 per BTC. Your agent confirms the final amount in chat.',
    );
    fireEvent.change(input(/You receive/), { target: { value: '1000000' } });
    await waitFor(() => expect(input(/You sell/).value).toBe('0.00635913'));
  });
});
