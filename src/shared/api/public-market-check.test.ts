import { describe, expect, it } from 'vitest';
import { pricesResponseSchema } from './prices';
import { checkPrices, checkRates } from './public-market-check';
import { ratesResponseSchema } from './rates';

const PRICE = {
  symbol: 'BTC',
  name: 'Bitcoin',
  usd: '97250.5',
  ngn: '160463325.00',
  marketNgn: null,
  change24h: '-2.35',
  updatedAt: '2026-11-29T10:00:00.000Z',
  stale: false,
};
const RATE = {
  currency: 'usdt',
  managed: true,
  published: true,
  buyRateUsd: '1.010202',
  sellRateUsd: '0.990198',
  buyRateNaira: '1666.83',
  sellRateNaira: '1633.83',
  spreadPercentage: '1',
  lastUpdated: '2026-11-29T10:00:00+01:00',
};
const UNMANAGED = {
  currency: 'bitcoin',
  managed: false,
  published: false,
  buyRateUsd: null,
  sellRateUsd: null,
  buyRateNaira: null,
  sellRateNaira: null,
  spreadPercentage: null,
  lastUpdated: null,
};

/** Each field of `base` changed to something the contract refuses, or left out. */
function spoiled(base: Record<string, unknown>, wrong: Record<string, unknown[]>) {
  return Object.entries(wrong).flatMap(([field, values]) => [
    ...values.map((value) => ({ ...base, [field]: value })),
    Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)),
  ]);
}

describe('the landing page’s hand checks agree with the API contract', () => {
  it('prices: takes what the schema takes, as the schema gives it', () => {
    for (const answer of [
      [],
      [PRICE],
      [PRICE, { ...PRICE, symbol: 'USDT', name: 'Tether', marketNgn: '1602.5', stale: true }],
      [{ ...PRICE, extra: 'dropped' }],
    ]) {
      expect(pricesResponseSchema.parse(answer)).toBeTruthy();
      expect(checkPrices(answer)).toEqual(pricesResponseSchema.parse(answer));
    }
  });

  it('prices: refuses what the schema refuses', () => {
    const wrong = spoiled(PRICE, {
      symbol: ['ETH', null],
      name: [1],
      usd: ['1e3', 97250.5, null, ''],
      ngn: ['abc', null],
      marketNgn: [1602.5, 'x'],
      change24h: [2.35],
      updatedAt: ['yesterday', '2026-11-29', null],
      stale: ['false', null],
    });
    for (const answer of [{}, null, 'prices', [null], ...wrong.map((p) => [p])]) {
      expect(pricesResponseSchema.safeParse(answer).success).toBe(false);
      expect(checkPrices(answer)).toBeUndefined();
    }
  });

  it('rates: takes what the schema takes, as the schema gives it', () => {
    for (const answer of [
      { usdToNaira: '1650', rates: [] },
      { usdToNaira: '1650', rates: [UNMANAGED, RATE] },
      { usdToNaira: '1650', rates: [{ ...UNMANAGED, managed: true }], extra: 1 },
    ]) {
      expect(ratesResponseSchema.parse(answer)).toBeTruthy();
      expect(checkRates(answer)).toEqual(ratesResponseSchema.parse(answer));
    }
  });

  it('rates: refuses what the schema refuses', () => {
    const wrong = spoiled(RATE, {
      currency: ['ether'],
      managed: ['yes'],
      published: [null],
      buyRateUsd: [1.01],
      sellRateNaira: [1633.83],
      spreadPercentage: [1],
      lastUpdated: ['soon', 0],
    });
    const answers = [
      null,
      [],
      { rates: [] },
      { usdToNaira: 1650, rates: [] },
      { usdToNaira: '1650', rates: {} },
      ...wrong.map((rate) => ({ usdToNaira: '1650', rates: [rate] })),
    ];
    for (const answer of answers) {
      expect(ratesResponseSchema.safeParse(answer).success).toBe(false);
      expect(checkRates(answer)).toBeUndefined();
    }
  });
});
