import { findBank } from './banks';

/**
 * A payout account's label, in full: "GTBank 0123451234". The server sends the number only to
 * staff and to the account's own customer, and both see it whole (issue 29): nothing is masked.
 */
export function payoutAccountFullLabel(account: {
  bankCode: string;
  accountNumber: string;
}): string {
  return `${findBank(account.bankCode)?.shortName ?? account.bankCode} ${account.accountNumber}`;
}
