import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatNairaOrDash,
  formatPercent,
  formatRatio,
  NO_VALUE,
  share,
} from './metrics';

describe('dashboard figures', () => {
  it('shows "-" where the API gives null (a zero divisor), never NaN or Infinity', () => {
    expect(NO_VALUE).toBe('-');
    expect(formatPercent(null)).toBe('-');
    expect(formatNairaOrDash(null)).toBe('-');
    expect(formatRatio(null)).toBe('-');
  });

  it('writes percentages with at most two places and no trailing zeros', () => {
    expect(formatPercent('66.67')).toBe('66.67%');
    expect(formatPercent('50.00')).toBe('50%');
    expect(formatPercent('100.00')).toBe('100%');
    expect(formatPercent('0.00')).toBe('0%');
    expect(formatPercent('12.50')).toBe('12.5%');
  });

  it('writes naira exactly, to the kobo, with thousands separators', () => {
    expect(formatNairaOrDash('7500000.00')).toBe('₦7,500,000.00');
    // Beyond a float's exact range: every digit kept.
    expect(formatNairaOrDash('123456789012345.67')).toBe('₦123,456,789,012,345.67');
  });

  it('writes ratios and counts for people', () => {
    expect(formatRatio('1.50')).toBe('1.5');
    expect(formatRatio('0.00')).toBe('0');
    expect(formatRatio('2.33')).toBe('2.33');
    expect(formatCount(12480)).toBe('12,480');
  });

  it('turns a part of a total into a bar width, 0 when there is nothing', () => {
    expect(share(1, 3)).toBe(33.3);
    expect(share(2, 2)).toBe(100);
    expect(share(0, 0)).toBe(0);
  });
});
