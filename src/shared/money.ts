import Decimal from 'decimal.js';
import type { TransactionCurrency } from './domain';

/** Our own Decimal: 40 significant digits, half-up rounding, so naira totals up to 10^12 stay exact. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

/** The spec's USD-to-naira rate when none is set. */
export const DEFAULT_USD_TO_NAIRA = '1650';

/** A plain decimal string: digits, an optional point and fraction, no sign, no exponent. */
export const DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,8})?$/;

export function dec(value: Decimal.Value): Dec {
  return new D(value);
}

/** Naira to the kobo (2 places, half-up), as a fixed-point string. */
export function toKobo(value: Decimal.Value): string {
  return dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A USD amount in naira at `usdToNaira`, rounded half-up to the kobo. */
export function usdToNaira(usd: Decimal.Value, usdToNairaRate: Decimal.Value): string {
  return toKobo(dec(usd).times(usdToNairaRate));
}

// Formatting from the digits, without decimal.js: its own module, so a page that only shows
// prices (the landing page) formats them without loading decimal arithmetic.
export { formatChange, formatNaira, formatUsd } from './money-format';

/** The symbol a crypto (or dollar) amount is written with. */
export const AMOUNT_SYMBOLS = {
  bitcoin: 'BTC',
  usdt: 'USDT',
  usd: 'USD',
} as const satisfies Record<TransactionCurrency, string>;

/**
 * An amount of a coin as the app writes it everywhere: the figure, then the symbol ("0.01 BTC",
 * "1,250.5 USDT"). Exact: the decimal string's own digits (no trailing zeros; dollars to the
 * cent, "1,234.50 USD"), whole part grouped in threes, never through a float.
 */
export function formatCryptoAmount(amount: string, currency: TransactionCurrency): string {
  const plain = currency === 'usd' ? dec(amount).toFixed(2) : dec(amount).toFixed();
  const [whole = '0', fraction] = plain.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = plain.startsWith('-') ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''} ${AMOUNT_SYMBOLS[currency]}`;
}
