import { describe, expect, it } from 'vitest';
import { formatNaira, toKobo, usdToNaira } from './money';

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

  it('rounds half-up to the kobo', () => {
    expect(toKobo('7862702.925')).toBe('7862702.93');
    expect(usdToNaira('0.98', '1650')).toBe('1617.00');
  });
});
