import { APPROVAL_THRESHOLD_USD } from '../../../../shared/api/transactions';
import { dec } from '../../../../shared/money';

/** The spec's "Approval Required" notice: amounts over $50 (50 itself does not). */
export function needsApproval(amount: string): boolean {
  const text = amount.trim();
  if (!/^\d*\.?\d*$/.test(text) || !/\d/.test(text)) return false;
  return dec(text).gt(APPROVAL_THRESHOLD_USD);
}

/** The last `n` characters of an id, as the spec shows customer ids. */
export function shortId(id: string, n = 8): string {
  return id.slice(-n);
}
