import { formatNaira } from '../../../../shared/money';

/** What the dashboard shows for a figure the API gives as null (its divisor was zero). */
export const NO_VALUE = '-';

const plain = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-NG');

/**
 * A decimal string as a percentage, such as "66.67%" or "100%"; "-" for null. Intl reads
 * the string's digits as they are (no float on the way).
 */
export function formatPercent(value: string | null): string {
  if (value === null) return NO_VALUE;
  return `${plain.format(value as unknown as number)}%`;
}

/** A naira amount; "-" for null. */
export function formatNairaOrDash(value: string | null): string {
  return value === null ? NO_VALUE : formatNaira(value);
}

/** A ratio such as "1.5"; "-" for null. */
export function formatRatio(value: string | null): string {
  return value === null ? NO_VALUE : plain.format(value as unknown as number);
}

/** A whole count with thousands separators, such as "12,480". */
export function formatCount(value: number): string {
  return count.format(value);
}

/** The share of `part` in `total` as a bar width (0 to 100); 0 when there is nothing. */
export function share(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}
