import { describe, expect, it } from 'vitest';
import { getAgentListRates } from './agent-list-rates';
import { convert } from './calculator';
import { calculatorRate } from './calculator-rate';
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

  it("derives naira per USD from the per-coin rates: sell rate over the coin's market USD price", () => {
    expect(getAgentListRates(MANAGED_RATES, TEST_PRICES)).toEqual(getAgentListRates(MANAGED_RATES));
    expect(getAgentListRates(MANAGED_RATES, TEST_PRICES)).toEqual([
      {
        currency: 'bitcoin',
        symbol: 'BTC',
        managed: true,
        nairaPerUsd: '1617.00',
        sellRateNaira: '157254058.50',
        published: true,
        label: 'BTC: ₦1,617/USD',
      },
      {
        currency: 'usdt',
        symbol: 'USDT',
        managed: true,
        nairaPerUsd: '1633.50',
        sellRateNaira: '1633.83',
        published: true,
        label: 'USDT: ₦1,633.50/USD',
      },
    ]);
  });

  it('reads a rate saved 30 % under the market as 30 % under, labelled not shown to customers', () => {
    // Market: 97,000 USD per BTC at ₦1,650 = ₦160,050,000; saved: ₦112,035,000 (30 % under), with
    // USD figures typed that do not match the market (what made the strip read ₦1,347.96).
    const underMarket = {
      ...MANAGED_RATES,
      rates: [
        {
          ...MANAGED_RATES.rates[0]!,
          published: false,
          buyRateUsd: '87000',
          sellRateUsd: '79230',
          buyRateNaira: '120000000',
          sellRateNaira: '112035000',
        },
        MANAGED_RATES.rates[1]!,
      ],
    };
    const prices = TEST_PRICES.map((p) => (p.symbol === 'BTC' ? { ...p, usd: '97000' } : p));
    expect(getAgentListRates(underMarket, prices)[0]).toMatchObject({
      nairaPerUsd: '1155.00',
      published: false,
      label: 'BTC: ₦1,155/USD (not shown to customers)',
    });
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
