import { describe, expect, it } from 'vitest';
import { formatSeconds } from './order-stats';

describe('formatSeconds', () => {
  it('writes an average duration exactly, in hours, minutes and seconds', () => {
    expect(formatSeconds('1785.25')).toBe('29 min 45.25 s');
    expect(formatSeconds('720.00')).toBe('12 min 0 s');
    expect(formatSeconds('59.99')).toBe('59.99 s');
    expect(formatSeconds('7380.50')).toBe('2 h 3 min 0.5 s');
    expect(formatSeconds('3600.00')).toBe('1 h 0 min 0 s');
    expect(formatSeconds(null)).toBe('-');
  });
});
