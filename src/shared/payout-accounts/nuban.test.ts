import { describe, expect, it } from 'vitest';
import { BANKS, findBank } from './banks';
import { payoutAccountFullLabel } from './account-label';
import { isValidNuban, nubanCheckDigit } from './nuban';

describe('NUBAN check digit', () => {
  it('follows the CBN worked example (bank 011, serial 000001457)', () => {
    // 0*3+1*7+1*3 + 0*3+0*7+0*3+0*3+0*7+1*3+4*3+5*7+7*3 = 81 -> (10 - 1) mod 10 = 9
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
  });

  it('computes check digits by hand for the big banks', () => {
    // GTBank 058, serial 012345678:
    // 0*3+5*7+8*3 + 0*3+1*7+2*3+3*3+4*7+5*3+6*3+7*7+8*3 = 215 -> 5
    expect(nubanCheckDigit('058', '012345678')).toBe(5);
    expect(isValidNuban('058', '0123456785')).toBe(true);
    // Zenith 057, serial 222222222: 0+35+21 + 2*(3+7+3+3+7+3+3+7+3) = 56 + 78 = 134 -> 6
    expect(isValidNuban('057', '2222222226')).toBe(true);
    // A sum ending in 0 gives check digit 0, not 10: Access 044, serial 000000022:
    // 0*3+4*7+4*3 + 2*7+2*3 = 60 -> 0
    expect(nubanCheckDigit('044', '000000022')).toBe(0);
    expect(isValidNuban('044', '0000000220')).toBe(true);
  });

  it('treats a 3-digit code and its 000-padded 6-digit form alike', () => {
    expect(nubanCheckDigit('000058', '012345678')).toBe(nubanCheckDigit('058', '012345678'));
  });

  it('refuses every wrong check digit and every single corrupted digit', () => {
    const good = '0123456785';
    for (let d = 0; d <= 9; d++) {
      expect(isValidNuban('058', good.slice(0, 9) + String(d))).toBe(d === 5);
    }
    for (let i = 0; i < 9; i++) {
      const changed = (Number(good[i]) + 1) % 10;
      expect(isValidNuban('058', good.slice(0, i) + String(changed) + good.slice(i + 1))).toBe(
        false,
      );
    }
  });

  it('is specific to the bank: a GTBank number is not a Zenith one', () => {
    expect(isValidNuban('058', '0123456785')).toBe(true);
    expect(isValidNuban('057', '0123456785')).toBe(false);
  });

  it('refuses anything but 10 digits', () => {
    expect(isValidNuban('058', '012345678')).toBe(false);
    expect(isValidNuban('058', '01234567855')).toBe(false);
    expect(isValidNuban('058', '01234 6785')).toBe(false);
  });
});

describe('banks', () => {
  it('has unique codes and the big banks under their CBN codes', () => {
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
    expect(['058', '044', '057', '011', '033'].map((code) => findBank(code)?.shortName)).toEqual([
      'GTBank',
      'Access',
      'Zenith',
      'First Bank',
      'UBA',
    ]);
    expect(findBank('999')).toBeUndefined();
  });

  it("labels an account in full, by its bank's short name", () => {
    expect(payoutAccountFullLabel({ bankCode: '058', accountNumber: '0123456785' })).toBe(
      'GTBank 0123456785',
    );
    expect(payoutAccountFullLabel({ bankCode: '100004', accountNumber: '8031234567' })).toBe(
      'OPay 8031234567',
    );
  });
});
