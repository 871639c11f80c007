import { findBank } from './banks';

/** How a payout account is shown everywhere: "GTBank ****1234". Never the full number. */
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
