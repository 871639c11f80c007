import { desc, eq } from 'drizzle-orm';
import type { Transaction } from '../../../shared/api/transactions';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';
import { sessionForParticipant } from '../chat-sessions';
import { toTransaction } from './to-transaction';

/** A chat's transactions, for its customer and agents. */
export async function listSessionTransactions(options: {
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
}): Promise<Transaction[]> {
  const { db, chatSessionId } = options;
  await sessionForParticipant(options);
  const found = await db
    .select()
    .from(transactions)
    .where(eq(transactions.chatSessionId, chatSessionId))
    .orderBy(desc(transactions.id))
    .limit(200);
  return found.map(toTransaction);
}
