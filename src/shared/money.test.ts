import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dec,
  formatChange,
  formatCryptoAmount,
  formatNaira,
  formatUsd,
  toKobo,
  usdToNaira,
} from './money';

/** The formats PRODUCT.md names, which formatNaira and formatUsd reproduce by hand. */
const intlNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const intlNairaWhole = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const intl = (format: Intl.NumberFormat, value: string) =>
  format.format(value as unknown as number);

/** Decimal strings as the API sends them, with the edges: signs, zeros, leading zeros, nines. */
const decimalStrings = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.stringMatching(/^[0-9]{1,24}$/),
    fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }),
  )
  .map(
    ([sign, whole, fraction]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
  );

describe('24 h change', () => {
  /** What formatChange gave with decimal.js (half-up to 2 places), before it went by the digits. */
  const withDecimal = (value: string) => {
    const d = dec(value).toDecimalPlaces(2);
    return `${d.isNegative() ? '' : '+'}${d.toFixed(2)}%`;
  };

  it('signs the change and rounds it half away from zero to 2 places', () => {
    expect(formatChange('1.234')).toBe('+1.23%');
    expect(formatChange('-0.405')).toBe('-0.41%');
    expect(formatChange('0')).toBe('+0.00%');
    expect(formatChange('-0.001')).toBe('0.00%');
    expect(formatChange('99.995')).toBe('+100.00%');
  });

  it('gives what decimal.js gave for any decimal string', () => {
    fc.assert(
      fc.property(decimalStrings, (value) => {
        expect(formatChange(value)).toBe(withDecimal(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('naira (Intl en-NG, NGN)', () => {
  it('shows the naira sign, thousands separators and the kobo', () => {
    expect(formatNaira('1234.5')).toBe('₦1,234.50');
    expect(formatNaira('0')).toBe('₦0.00');
    expect(formatNaira('157254058.50')).toBe('₦157,254,058.50');
  });

  it('keeps every kobo of a large total (no float on the way)', () => {
    expect(formatNaira('12345678901234.57')).toBe('₦12,345,678,901,234.57');
  });

  it('shows whole naira when asked', () => {
    expect(formatNaira('1550', { whole: true })).toBe('₦1,550');
  });

  it('gives what Intl gives for any decimal string, rounding half away from zero', () => {
    for (const value of [
      '0.005',
      '0.004',
      '-0.005',
      '-0',
      '-0.001',
      '999.995',
      '99999.5',
      '007.10',
    ]) {
      expect(formatNaira(value)).toBe(intl(intlNaira, value));
      expect(formatNaira(value, { whole: true })).toBe(intl(intlNairaWhole, value));
      expect(formatUsd(value)).toBe(intl(intlUsd, value));
    }
    fc.assert(
      fc.property(decimalStrings, (value) => {
        expect(formatNaira(value)).toBe(intl(intlNaira, value));
        expect(formatNaira(value, { whole: true })).toBe(intl(intlNairaWhole, value));
        expect(formatUsd(value)).toBe(intl(intlUsd, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('hands what is not a plain decimal to Intl', () => {
    for (const value of ['1e3', ' 12.5 ', '+4', '.5']) {
      expect(formatNaira(value)).toBe(intl(intlNaira, value));
      expect(formatUsd(value)).toBe(intl(intlUsd, value));
    }
  });

  it('rounds half-up to the kobo', () => {
    expect(toKobo('7862702.925')).toBe('7862702.93');
    expect(usdToNaira('0.98', '1650')).toBe('1617.00');
  });
});

describe('formatCryptoAmount: the figure, then the symbol', () => {
  it('writes "0.01 BTC", grouped, exact, without trailing zeros', () => {
    expect(formatCryptoAmount('0.01', 'bitcoin')).toBe('0.01 BTC');
    expect(formatCryptoAmount('0.05000000', 'bitcoin')).toBe('0.05 BTC');
    expect(formatCryptoAmount('1250.5', 'usdt')).toBe('1,250.5 USDT');
    expect(formatCryptoAmount('1234567.12345678', 'usdt')).toBe('1,234,567.12345678 USDT');
    expect(formatCryptoAmount('50', 'usd')).toBe('50.00 USD');
    expect(formatCryptoAmount('-0.2', 'bitcoin')).toBe('-0.2 BTC');
  });
});
