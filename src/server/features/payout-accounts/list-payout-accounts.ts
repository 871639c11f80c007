import { asc } from 'drizzle-orm';
import { type PayoutAccount } from '../../../shared/api/payout-accounts';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';
import { assertCustomer, liveAccountsOf } from './customer-accounts';
import { toPayoutAccount } from './to-payout-account';

export async function listPayoutAccounts(options: {
  db: Db;
  caller: SessionUser;
}): Promise<PayoutAccount[]> {
  assertCustomer(options.caller);
  const rows = await options.db
    .select()
    .from(payoutAccounts)
    .where(liveAccountsOf(options.caller.id))
    .orderBy(asc(payoutAccounts.createdAt), asc(payoutAccounts.id));
  return rows.map(toPayoutAccount);
}
