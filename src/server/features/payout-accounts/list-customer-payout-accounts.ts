import { asc } from 'drizzle-orm';
import { type PayoutAccount } from '../../../shared/api/payout-accounts';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { liveAccountsOf } from './customer-accounts';
import { toPayoutAccount } from './to-payout-account';

/**
 * One customer's live payout accounts, for the staff who pay them (the agents' desk side
 * panel). The route is agent-only; a customer reads their own through listPayoutAccounts.
 */
export async function listCustomerPayoutAccounts(options: {
  db: Db;
  customerId: string;
}): Promise<PayoutAccount[]> {
  const rows = await options.db
    .select()
    .from(payoutAccounts)
    .where(liveAccountsOf(options.customerId))
    .orderBy(asc(payoutAccounts.createdAt), asc(payoutAccounts.id));
  return rows.map(toPayoutAccount);
}
