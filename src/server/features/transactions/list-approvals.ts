import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../../shared/api/transactions';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { toTransaction } from './to-transaction';

/** The admins' Approvals list: every transaction waiting for approval, oldest first. */
export async function listApprovals(options: { db: Db }): Promise<Transaction[]> {
  const found = await options.db
    .select()
    .from(transactions)
    .where(eq(transactions.status, 'pending_approval'))
    .orderBy(asc(transactions.id))
    .limit(500);
  return found.map(toTransaction);
}
