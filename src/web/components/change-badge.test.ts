import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../shared/money';
import { isDown } from './change-badge';

describe('isDown', () => {
  it('is below zero, as decimal.js says, from the digits alone', () => {
    expect(isDown('-1.5')).toBe(true);
    expect(isDown('-0.001')).toBe(true);
    expect(isDown('-0.00')).toBe(false);
    expect(isDown('0')).toBe(false);
    expect(isDown('2.25')).toBe(false);
    const changes = fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.stringMatching(/^[0-9]{1,6}$/),
        fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }),
      )
      .map(([sign, whole, fraction]) => `${sign}${whole}${fraction ? `.${fraction}` : ''}`);
    fc.assert(
      fc.property(changes, (change) => {
        expect(isDown(change)).toBe(dec(change).isNegative() && !dec(change).isZero());
      }),
    );
  });
});
