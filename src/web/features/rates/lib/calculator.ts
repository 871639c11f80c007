import type { Price } from '../../../../shared/api/prices';
import type { RatesResponse } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { cryptoForNaira, rateFigures, tradeTotal } from '../../../../shared/rates';
import { decimalError, normalizeDecimal, type DecimalRule } from './decimal-field';
import { RATE_SYMBOLS } from './symbols';

export interface CalculatorRate {
  /** Naira per whole coin. */
  naira: string;
  /** managed: what agents pay (their sell rate); market: the price feed, before agents set one. */
  source: 'managed' | 'market';
}

/**
 * The rate a customer is paid: the agents' managed sell rate where the server publishes it
 * (within the market guard), else the market price in naira (PRODUCT.md "Money"), else none.
 */
export function calculatorRate(
  currency: RateCurrency,
  rates: RatesResponse | undefined,
  prices: readonly Price[] | undefined,
): CalculatorRate | null {
  const rate = rates?.rates.find((r) => r.currency === currency);
  const figures = rate?.published ? rateFigures(rate) : null;
  if (figures) return { naira: figures.sellRateNaira, source: 'managed' };
  const price = prices?.find((p) => p.symbol === RATE_SYMBOLS[currency]);
  return price ? { naira: price.ngn, source: 'market' } : null;
}

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
