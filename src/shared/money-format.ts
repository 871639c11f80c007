/**
 * Money and percentages formatted from their digits: no decimal.js and no Intl (for what the API
 * sends), so the landing page shows prices without loading either. `money.ts` re-exports these.
 */

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
 * A decimal's whole and fraction digits rounded half away from zero to `places`, as a plain
 * string without sign ("1299.995", 2 -> "1300.00"; 0 places -> "1300").
 */
function roundDigits(whole: string, fraction: string, places: number): string {
  let digits = whole + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction[places] ?? '0') >= '5') digits = incrementDigits(digits);
  const integer = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0';
  return places > 0 ? `${integer}.${digits.slice(-places)}` : integer;
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
  const [integer = '0', decimals] = roundDigits(whole, fraction, places).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${symbol}${grouped}${decimals === undefined ? '' : `.${decimals}`}`;
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

/** A signed percentage with two places, such as "+1.25%" or "-0.40%" (half away from zero). */
export function formatChange(value: string): string {
  const match = PLAIN_DECIMAL.exec(value);
  // Not a decimal string (the API sends nothing else): a percentage, not money, so a float will do.
  if (!match) return `${Number(value) < 0 ? '' : '+'}${Math.abs(Number(value)).toFixed(2)}%`;
  const [, sign = '', whole = '', fraction = ''] = match;
  const figure = roundDigits(whole, fraction, 2);
  // A negative change that rounds to zero reads "0.00%": neither up nor down.
  if (sign === '-') return /[1-9]/.test(figure) ? `-${figure}%` : `${figure}%`;
  return `+${figure}%`;
}
