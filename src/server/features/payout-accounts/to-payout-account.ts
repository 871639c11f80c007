import { type PayoutAccount } from '../../../shared/api/payout-accounts';
import { findBank, type Bank } from '../../../shared/payout-accounts/banks';
import { type payoutAccounts } from '../../db/schema';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export function bankOf(code: string): Bank {
  const bank = findBank(code);
  // Only codes from the list are ever stored; a missing one means the list lost a bank.
  if (!bank) throw new Error(`bank ${code} is not in the bank list`);
  return bank;
}

export function toPayoutAccount(
  row: Pick<
    PayoutAccountRow,
    'id' | 'bankCode' | 'accountNumber' | 'accountName' | 'verified' | 'createdAt'
  >,
): PayoutAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: bankOf(row.bankCode).name,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
  };
}
