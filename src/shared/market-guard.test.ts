import { describe, expect, it } from 'vitest';
import { deviationPercent, guardConfirmationSchema, withinGuard } from './market-guard';

describe('market guard', () => {
  it('measures the signed distance from the reference in percent, to 2 places', () => {
    expect(deviationPercent('110', '100')).toBe('10.00');
    expect(deviationPercent('1550', '160050000')).toBe('-100.00');
    expect(deviationPercent('98.765', '100')).toBe('-1.24');
  });

  it('allows up to the guard on either side, inclusive, and nothing past it', () => {
    expect(withinGuard('110', '100', 10)).toBe(true);
    expect(withinGuard('90', '100', 10)).toBe(true);
    expect(withinGuard('110.01', '100', 10)).toBe(false);
    expect(withinGuard('89.99', '100', 10)).toBe(false);
  });

  it('asks for a reason of at least 5 characters', () => {
    expect(guardConfirmationSchema.safeParse({ reason: ' ok ' }).success).toBe(false);
    expect(guardConfirmationSchema.parse({ reason: ' OTC block trade ' })).toEqual({
      reason: 'OTC block trade',
    });
  });
});
