import { dec } from '../../../../shared/money';

/** What a money field accepts: a label for its messages, its decimal places and its bounds. */
export interface DecimalRule {
  label: string;
  places: number;
  /** Zero is a fine spread; it is no price. */
  allowZero?: boolean;
  /** Largest accepted value, inclusive, with the message when it is passed. */
  max?: { value: string; message: string };
}

const NUMERIC = /^\d*\.?\d*$/;
/** The API's bound for every money value: below 10^12 (13 digits before the point). */
const TOO_LARGE = '1000000000000';

/**
 * Why `value` is not acceptable for `rule`, in words a person can act on, or null when it is.
 * The same bounds as the API's schemas, so the screen refuses what the server would refuse.
 */
export function decimalError(value: string, rule: DecimalRule): string | null {
  const text = value.trim();
  if (text === '') return `${rule.label} is required`;
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (!NUMERIC.test(digits) || !/\d/.test(digits)) return `${rule.label} must be a number`;
  const number = dec(digits);
  if (negative && !number.isZero()) return `${rule.label} cannot be negative`;
  if (number.isZero() && !rule.allowZero) return `${rule.label} must be greater than zero`;
  const places = digits.split('.')[1]?.length ?? 0;
  if (places > rule.places) {
    return `${rule.label} can have at most ${rule.places} decimal place${rule.places === 1 ? '' : 's'}`;
  }
  if (rule.max && number.gt(rule.max.value)) return rule.max.message;
  if (number.gte(TOO_LARGE)) return `${rule.label} is too large`;
  return null;
}

/** A valid field's value as the API wants it: a plain decimal ("0.5", never ".5" or "-0"). */
export function normalizeDecimal(value: string): string {
  return dec(value.trim().replace(/^-/, '')).toFixed();
}

/** The value when it passes `rule`, else null: for recalculations that wait for valid input. */
export function validDecimal(value: string, rule: DecimalRule): string | null {
  return decimalError(value, rule) === null ? normalizeDecimal(value) : null;
}

// Grouping needs no arithmetic: its own module, for the landing page's calculator.
export { groupDigits } from '../../../lib/grouped-decimal';
