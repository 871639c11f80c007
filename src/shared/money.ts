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

/** What the API sends and the calculator makes: formatted by hand (below). */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Adds one to a string of digits: "1299" -> "1300", "99" -> "100". */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * `symbol` and the amount rounded half away from zero to `places`, its whole part grouped in
 * threes, a minus sign in front of a negative one: exactly what Intl's en-NG NGN and en-US USD
 * currency formats give a decimal string (money.test.ts compares the two on random amounts).
 * By hand, on the digits, because a page's first Intl.NumberFormat loads ICU's number data:
 * 30 to 50 ms of main thread on a desktop, several times that on a phone, and the landing
 * page would pay it in one piece before it shows a price. Anything else goes to Intl.
 */
function formatCurrency(
  value: string,
  symbol: string,
  places: number,
  intl: () => Intl.NumberFormat,
): string {
  const match = PLAIN_DECIMAL.exec(value);
  if (!match) return intl().format(value as unknown as number);
  const [, sign = '', whole = '', fraction = ''] = match;
  let digits = whole + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction[places] ?? '0') >= '5') digits = incrementDigits(digits);
  const integer = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0';
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${symbol}${grouped}${places > 0 ? `.${digits.slice(-places)}` : ''}`;
}

/** Created on first use only: the formats above cover what the app formats. */
let intlFormats:
  { naira: Intl.NumberFormat; nairaWhole: Intl.NumberFormat; usd: Intl.NumberFormat } | undefined;
function intlFormat(name: 'naira' | 'nairaWhole' | 'usd'): Intl.NumberFormat {
  intlFormats ??= {
    naira: new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }),
    nairaWhole: new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      maximumFractionDigits: 0,
    }),
    usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  };
  return intlFormats[name];
}

/**
 * Formats a decimal string as naira, as Intl.NumberFormat('en-NG', { style: 'currency',
 * currency: 'NGN' }) does: from the digits, never through a float, so large totals keep every
 * kobo.
 */
export function formatNaira(value: string, options: { whole?: boolean } = {}): string {
  return options.whole
    ? formatCurrency(value, '₦', 0, () => intlFormat('nairaWhole'))
    : formatCurrency(value, '₦', 2, () => intlFormat('naira'));
}

/** A decimal string as US dollars, as Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) does. */
export function formatUsd(value: string): string {
  return formatCurrency(value, '$', 2, () => intlFormat('usd'));
}

/** A signed percentage with two places, such as "+1.25%" or "-0.40%". */
export function formatChange(value: string): string {
  const d = dec(value).toDecimalPlaces(2);
  return `${d.isNegative() ? '' : '+'}${d.toFixed(2)}%`;
}

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
