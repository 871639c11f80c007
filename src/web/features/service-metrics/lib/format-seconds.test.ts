import { describe, expect, it } from 'vitest';
import { formatSeconds } from './format-seconds';

describe('formatSeconds', () => {
  it('writes waits in seconds, minutes and hours, and "-" when nothing was measured', () => {
    expect(formatSeconds(null)).toBe('-');
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(45)).toBe('45 s');
    expect(formatSeconds(60)).toBe('1 min');
    expect(formatSeconds(200)).toBe('3 min 20 s');
    expect(formatSeconds(3600)).toBe('1 h');
    expect(formatSeconds(3900)).toBe('1 h 5 min');
    expect(formatSeconds(4200.4)).toBe('1 h 10 min');
  });
});
