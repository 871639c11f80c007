/**
 * The calculator's arithmetic (decimal.js, with the server's own functions): the landing page
 * loads it when a visitor first uses the calculator, not with the page.
 */
import { cryptoForNaira, tradeTotal } from '../../../../shared/rates';
import { decimalError, normalizeDecimal, type DecimalRule } from './decimal-field';

export type CalculatorSide = 'crypto' | 'naira';

export const CRYPTO_RULE: DecimalRule = { label: 'Amount', places: 8 };
export const NAIRA_RULE: DecimalRule = { label: 'Naira amount', places: 2 };

export type Conversion =
  { ok: true; crypto: string; naira: string } | { ok: false; error: string | null };

/**
 * The other side of what was typed, with the server's own functions: crypto to naira is
 * amount x rate half-up to the kobo (what a trade pays); naira to crypto rounds down to 8
 * places (never promises more than the naira buys).
 */
export function convert(side: CalculatorSide, value: string, rateNaira: string): Conversion {
  if (value.trim() === '') return { ok: false, error: null };
  const error = decimalError(value, side === 'crypto' ? CRYPTO_RULE : NAIRA_RULE);
  if (error) return { ok: false, error };
  const typed = normalizeDecimal(value);
  return side === 'crypto'
    ? { ok: true, crypto: typed, naira: tradeTotal(typed, rateNaira) }
    : { ok: true, crypto: cryptoForNaira(typed, rateNaira), naira: typed };
}
