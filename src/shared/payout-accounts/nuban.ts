/**
 * The CBN NUBAN check digit (2020 revised standard): weights 3,7,3,3,7,3,... over the 6-digit
 * institution code (a 3-digit bank code padded with "000") followed by the 9-digit serial;
 * check digit = (10 - sum mod 10) mod 10. The padding zeros weigh nothing, so for the 3-digit
 * banks this is the original 12-digit algorithm.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$|^\d{6}$/.test(bankCode)) throw new Error('bank code must be 3 or 6 digits');
  if (!/^\d{9}$/.test(serial)) throw new Error('serial must be 9 digits');
  const digits = bankCode.padStart(6, '0') + serial;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** A 10-digit account number whose last digit is its check digit for this bank. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
