import { and, eq, isNull } from 'drizzle-orm';
import { payoutAccounts } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

/** Payout accounts belong to customers; staff are paid elsewhere. */
export function assertCustomer(caller: SessionUser): void {
  if (isAgent(caller))
    throw new AppError('forbidden', 'Staff accounts cannot have payout accounts');
}

/** The customer's accounts that were not deleted. */
export const liveAccountsOf = (customerId: string) =>
  and(eq(payoutAccounts.customerId, customerId), isNull(payoutAccounts.deletedAt));
