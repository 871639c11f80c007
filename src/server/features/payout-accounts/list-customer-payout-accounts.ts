import { and, asc, eq, ne, or } from 'drizzle-orm';
import { type StaffPayoutAccount } from '../../../shared/api/payout-accounts';
import { displayName } from '../../../shared/names';
import type { Db } from '../../db/client';
import { payoutAccounts, users } from '../../db/schema';
import { liveAccountsOf } from './customer-accounts';
import { toPayoutAccount } from './to-payout-account';

/**
 * One customer's live payout accounts, for the staff who pay them (the agents' inbox side
 * panel), each with the other customers who saved the same bank and number. A deleted account
 * still counts: deleting it does not undo whom it pointed to. The route is agent-only; a
 * customer reads their own through listPayoutAccounts, without the flag.
 */
export async function listCustomerPayoutAccounts(options: {
  db: Db;
  customerId: string;
}): Promise<StaffPayoutAccount[]> {
  const { db, customerId } = options;
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(liveAccountsOf(customerId))
    .orderBy(asc(payoutAccounts.createdAt), asc(payoutAccounts.id));
  const others =
    rows.length === 0
      ? []
      : await db
          .selectDistinct({
            bankCode: payoutAccounts.bankCode,
            accountNumber: payoutAccounts.accountNumber,
            customerId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(payoutAccounts)
          .innerJoin(users, eq(users.id, payoutAccounts.customerId))
          .where(
            and(
              ne(payoutAccounts.customerId, customerId),
              or(
                ...rows.map((r) =>
                  and(
                    eq(payoutAccounts.accountNumber, r.accountNumber),
                    eq(payoutAccounts.bankCode, r.bankCode),
                  ),
                ),
              ),
            ),
          )
          .orderBy(asc(users.id));
  return rows.map((row) => ({
    ...toPayoutAccount(row),
    pending: row.confirmedAt === null,
    alsoSavedBy: others
      .filter((o) => o.bankCode === row.bankCode && o.accountNumber === row.accountNumber)
      .map((o) => ({ customerId: o.customerId, name: displayName(o) })),
  }));
}
