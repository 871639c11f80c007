import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { AppError } from '../../platform/errors';

/**
 * One of the customer's own payout accounts that is not deleted; any other is a 400. One an
 * agent added that the customer has not confirmed yet is a 409 (decision 036).
 */
export async function livePayoutAccount(options: { db: Db; customerId: string; id: number }) {
  const { db, customerId, id } = options;
  const [account] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.id, id),
        eq(payoutAccounts.customerId, customerId),
        isNull(payoutAccounts.deletedAt),
      ),
    )
    .limit(1);
  if (!account) {
    throw new AppError('bad_request', 'Choose one of your saved payout accounts');
  }
  if (account.confirmedAt === null) {
    throw new AppError('conflict', 'This payout account waits for the customer to confirm it');
  }
  return account;
}
