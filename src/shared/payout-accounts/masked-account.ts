import { findBank } from './banks';

/** How a payout account is shown in passing: "GTBank ****1234". */
export function maskedAccount(bankShortName: string, accountNumber: string): string {
  return `${bankShortName} ****${accountNumber.slice(-4)}`;
}

/** The masked label of a saved account, by its bank's short name ("GTBank ****1234"). */
export function payoutAccountLabel(account: { bankCode: string; accountNumber: string }): string {
  return maskedAccount(
    findBank(account.bankCode)?.shortName ?? account.bankCode,
    account.accountNumber,
  );
}

/**
 * The label of the account being paid, for the staff who pay it: "GTBank 0123451234". Only where
 * the caller already holds the full number (staff, or the account's own customer).
 */
export function payoutAccountFullLabel(account: {
  bankCode: string;
  accountNumber: string;
}): string {
  return `${findBank(account.bankCode)?.shortName ?? account.bankCode} ${account.accountNumber}`;
}
