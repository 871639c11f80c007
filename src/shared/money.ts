import Decimal from 'decimal.js';

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

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const nairaWholeFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats a decimal string as naira. Intl takes a string without going through a float
 * (it reads the digits exactly), so large totals keep every kobo.
 */
export function formatNaira(value: string, options: { whole?: boolean } = {}): string {
  const fmt = options.whole ? nairaWholeFormat : nairaFormat;
  return fmt.format(value as unknown as number);
}

export function formatUsd(value: string): string {
  return usdFormat.format(value as unknown as number);
}

/** A signed percentage with two places, such as "+1.25%" or "-0.40%". */
export function formatChange(value: string): string {
  const d = dec(value).toDecimalPlaces(2);
  return `${d.isNegative() ? '' : '+'}${d.toFixed(2)}%`;
}
