import { dec, formatUsd } from '../../../../shared/money';

/**
 * The spec's "Approval Required" notice: amounts over the server's APPROVAL_THRESHOLD_USD
 * (the threshold itself does not; decision 028).
 */
export function needsApproval(amount: string, thresholdUsd: string): boolean {
  const text = amount.trim();
  if (!/^\d*\.?\d*$/.test(text) || !/\d/.test(text)) return false;
  return dec(text).gt(thresholdUsd);
}

/** The notice's text, the spec's "Transactions over $50 require supervisor approval." by default. */
export function approvalText(thresholdUsd: string): string {
  return `Transactions over ${formatUsd(thresholdUsd).replace(/\.00$/, '')} require supervisor approval.`;
}

/** The last `n` characters of an id, as the spec shows customer ids. */
export function shortId(id: string, n = 8): string {
  return id.slice(-n);
}
