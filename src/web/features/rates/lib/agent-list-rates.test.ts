import { describe, expect, it } from 'vitest';
import { getAgentListRates } from './agent-list-rates';
import { calculatorRate, convert } from './calculator';
import { MANAGED_RATES, TEST_PRICES, UNMANAGED_RATES } from '../../../testing/fixtures';

describe('getAgentListRates', () => {
  it("shows the spec's ₦1,550 / ₦1,600 labelled as defaults before rates are managed", () => {
    for (const rates of [undefined, null, UNMANAGED_RATES]) {
      expect(getAgentListRates(rates).map((r) => r.label)).toEqual([
        'BTC: ₦1,550/USD (default)',
        'USDT: ₦1,600/USD (default)',
      ]);
    }
    expect(getAgentListRates(UNMANAGED_RATES)[0]).toMatchObject({
      managed: false,
      sellRateNaira: null,
      nairaPerUsd: '1550',
    });
  });

  it("derives naira per USD from the per-coin rates: sell rate over the coin's USD value", () => {
    expect(getAgentListRates(MANAGED_RATES)).toEqual([
      {
        currency: 'bitcoin',
        symbol: 'BTC',
        managed: true,
        nairaPerUsd: '1617.00',
        sellRateNaira: '157254058.50',
        label: 'BTC: ₦1,617/USD',
      },
      {
        currency: 'usdt',
        symbol: 'USDT',
        managed: true,
        nairaPerUsd: '1633.50',
        sellRateNaira: '1633.83',
        label: 'USDT: ₦1,633.50/USD',
      },
    ]);
  });
});

describe('the calculator', () => {
  it('uses the managed sell rate, else the market price in naira, else none', () => {
    expect(calculatorRate('bitcoin', MANAGED_RATES, TEST_PRICES)).toEqual({
      naira: '157254058.50',
      source: 'managed',
    });
    expect(calculatorRate('usdt', UNMANAGED_RATES, TEST_PRICES)).toEqual({
      naira: '1650.33',
      source: 'market',
    });
    expect(calculatorRate('bitcoin', UNMANAGED_RATES, [])).toBeNull();
    expect(calculatorRate('bitcoin', undefined, undefined)).toBeNull();
  });

  it('never uses a managed rate the server does not publish (outside the market guard)', () => {
    const unpublished = {
      ...MANAGED_RATES,
      rates: MANAGED_RATES.rates.map((r) => ({ ...r, published: false })),
    };
    expect(calculatorRate('bitcoin', unpublished, TEST_PRICES)).toEqual({
      naira: '160463325.00',
      source: 'market',
    });
  });

  it('converts both ways with the server functions: half-up to the kobo, crypto rounded down', () => {
    expect(convert('crypto', '0.05', '157254058.50')).toEqual({
      ok: true,
      crypto: '0.05',
      naira: '7862702.93',
    });
    expect(convert('naira', '1000000', '157254058.50')).toEqual({
      ok: true,
      crypto: '0.00635913',
      naira: '1000000',
    });
    // No float drift: 0.1 + 0.2 USDT-style amounts stay exact.
    expect(convert('crypto', '0.3', '1633.83')).toMatchObject({ naira: '490.15' });
  });

  it('says what is wrong with what was typed, and nothing for an empty field', () => {
    expect(convert('crypto', '', '1')).toEqual({ ok: false, error: null });
    expect(convert('crypto', 'abc', '1')).toEqual({ ok: false, error: 'Amount must be a number' });
    expect(convert('naira', '-3', '1')).toEqual({
      ok: false,
      error: 'Naira amount cannot be negative',
    });
    expect(convert('crypto', '0.123456789', '1')).toEqual({
      ok: false,
      error: 'Amount can have at most 8 decimal places',
    });
  });
});
