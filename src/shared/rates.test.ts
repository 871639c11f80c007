import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoCalculate, cryptoForNaira, nairaRate, tradeTotal } from './rates';

/** Exact reference arithmetic on scaled integers: no floats, no decimal library. */
function scaled(value: string, places: number): bigint {
  const [whole, frac = ''] = value.split('.');
  return BigInt(whole! + frac.padEnd(places, '0').slice(0, places));
}

function roundHalfUp(value: bigint, dropDigits: number): bigint {
  const unit = 10n ** BigInt(dropDigits);
  const q = value / unit;
  return value % unit >= unit / 2n ? q + 1n : q;
}

function format(value: bigint, places: number): string {
  const s = value.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

const decimalString = (maxWhole: bigint, places: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: maxWhole }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }),
    )
    .map(([w, f]) => `${w}.${f.toString().padStart(places, '0')}`);

describe('tradeTotal: amount x rate, half-up to the kobo', () => {
  it('matches exact integer arithmetic for 8-place amounts and 2-place rates, totals up to 10^12', () => {
    fc.assert(
      fc.property(decimalString(10_000n, 8), decimalString(100_000_000n, 2), (amount, rate) => {
        const exact = scaled(amount, 8) * scaled(rate, 2); // scaled by 10^10
        fc.pre(exact < 10n ** 22n); // totals below 10^12 naira
        expect(tradeTotal(amount, rate)).toBe(format(roundHalfUp(exact, 8), 2));
      }),
      { numRuns: 2000 },
    );
  });

  it('has no float drift', () => {
    expect(tradeTotal('0.1', '0.2')).toBe('0.02');
    expect(tradeTotal('0.3', '1')).toBe('0.30');
    expect(tradeTotal('0.00000001', '160463325.00')).toBe('1.60');
    expect(tradeTotal('0.00000005', '100')).toBe('0.00');
    expect(tradeTotal('0.005', '1')).toBe('0.01');
    expect(tradeTotal('1.015', '1')).toBe('1.02');
    expect(tradeTotal('6250', '159999999.99')).toBe('999999999937.50');
    // (10^4 - 10^-8)(10^8 - 10^-2) = 10^12 - 101 + 10^-10
    expect(tradeTotal('9999.99999999', '99999999.99')).toBe('999999999899.00');
  });
});

describe('autoCalculate and naira rates', () => {
  it('buy = market x (1 + spread/100), sell = market x (1 - spread/100), exactly', () => {
    fc.assert(
      fc.property(decimalString(1_000_000n, 2), decimalString(49n, 1), (market, spread) => {
        const { buyUsd, sellUsd } = autoCalculate(market, spread);
        const m = scaled(market, 2);
        const s = scaled(spread, 1); // tenths of a percent
        // market x (1000 +- s) / 1000, scaled by 10^2 * 10^3; keep 8 places
        const buy = m * (1000n + s) * 10n ** 3n; // scale 10^8
        const sell = m * (1000n - s) * 10n ** 3n;
        expect(scaled(buyUsd, 8)).toBe(buy);
        expect(scaled(sellUsd, 8)).toBe(sell);
      }),
    );
    expect(autoCalculate('97250.5', '2')).toEqual({ buyUsd: '99195.51', sellUsd: '95305.49' });
    expect(autoCalculate('1.0002', '1')).toEqual({ buyUsd: '1.010202', sellUsd: '0.990198' });
  });

  it('converts a USD rate to naira at the USD-to-naira rate, to the kobo', () => {
    expect(nairaRate('95305.49', '1650')).toBe('157254058.50');
    expect(nairaRate('0.990198', '1650')).toBe('1633.83');
  });

  it('the calculator never promises more crypto than the naira buys', () => {
    fc.assert(
      fc.property(
        decimalString(1_000_000_000n, 2),
        decimalString(200_000_000n, 2),
        (naira, rate) => {
          fc.pre(scaled(rate, 2) > 0n);
          const crypto = cryptoForNaira(naira, rate);
          const paid = scaled(crypto.includes('.') ? crypto : `${crypto}.0`, 8) * scaled(rate, 2); // 10^10
          expect(paid <= scaled(naira, 2) * 10n ** 8n).toBe(true);
        },
      ),
    );
    expect(cryptoForNaira('1650', '1650')).toBe('1');
    expect(cryptoForNaira('100', '0')).toBe('0');
  });
});
