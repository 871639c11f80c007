import { decimalError, type DecimalRule } from '../../rates/lib/decimal-field';

/**
 * A transaction figure's problem in words: a negative one "must be positive" (the API's own
 * words), never "fill in all fields"; anything else as every money field says it.
 */
export function figureError(value: string, rule: DecimalRule): string | null {
  const text = value.trim();
  if (/^-\s*\d*\.?\d*$/.test(text) && /[1-9]/.test(text)) return `${rule.label} must be positive`;
  return decimalError(value, rule);
}
