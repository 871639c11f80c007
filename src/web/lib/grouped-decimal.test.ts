import { describe, expect, it } from 'vitest';
import { caretAfter, groupTypedDecimal, ungroup } from './grouped-decimal';

describe('grouped decimal input', () => {
  it.each([
    ['1513200.00', '1,513,200.00'],
    ['1513200.', '1,513,200.'],
    ['1513200', '1,513,200'],
    ['999', '999'],
    ['1000', '1,000'],
    ['157254058.5', '157,254,058.5'],
    ['0.00012345', '0.00012345'],
    ['-1500', '-1,500'],
    ['', ''],
    ['.5', '.5'],
    ['abc', 'abc'],
  ])('shows %j as %j', (typed, shown) => {
    expect(groupTypedDecimal(typed)).toBe(shown);
    expect(ungroup(groupTypedDecimal(typed))).toBe(typed);
  });

  it('keeps the caret after the same digits when a separator appears', () => {
    // "151320|" then "0" typed: "1,513,200" with the caret after the 7th digit, at the end.
    expect(caretAfter('1,513,200', 7)).toBe(9);
    // "1|000" shown as "1,000": after one kept character, before the comma's right side.
    expect(caretAfter('1,000', 1)).toBe(1);
    expect(caretAfter('1,000', 2)).toBe(3);
    expect(caretAfter('1,000', 0)).toBe(0);
  });
});
