import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  customerTransactionsQuerySchema,
  Transaction,
} from '../../../shared/api/transactions';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { pageOf, type Page } from '../../platform/pagination';
import type { SessionUser } from '../../platform/sessions';
import { toTransaction } from './to-transaction';

/** A customer's history, newest first: their own, or any customer's for an agent. */
export async function listCustomerTransactions(
  options: z.output<typeof customerTransactionsQuerySchema> & { db: Db; caller: SessionUser },
): Promise<Page<Transaction>> {
  const { db, caller, cursor, limit } = options;
  const customerId = isAgent(caller) && options.customerId ? options.customerId : caller.id;
  const found = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.customerId, customerId),
        cursor ? lt(transactions.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(limit + 1);
  return pageOf(found.map(toTransaction), limit, (last) => String(last.id));
}
