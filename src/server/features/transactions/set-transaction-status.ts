import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction, transactionStatusRequestSchema } from '../../../shared/api/transactions';
import { transactions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { toTransaction } from './to-transaction';

/** pending -> completed or failed; a final state never changes (approval: decide-transaction.ts). */
export async function setTransactionStatus(
  options: z.output<typeof transactionStatusRequestSchema> & {
    events: EventLog;
    agent: SessionUser;
    id: number;
  },
): Promise<Transaction> {
  const { events, agent, id, status } = options;
  return events.transaction(async (tx) => {
    const [before] = await tx.select().from(transactions).where(eq(transactions.id, id)).limit(1);
    if (!before) throw new AppError('not_found', 'Transaction not found');
    if (before.status === 'pending_approval') {
      throw new AppError(
        'conflict',
        "This transaction waits for an admin's approval: it can be completed or failed only once approved",
      );
    }
    const [row] = await tx
      .update(transactions)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
      .returning();
    if (!row)
      throw new AppError(
        'conflict',
        `This transaction is already ${before.status} and cannot change`,
      );
    const transaction = toTransaction(row);
    await writeAudit(tx, {
      actorId: agent.id,
      action: 'transaction.status',
      entityType: 'transaction',
      entityId: String(id),
      before: { status: before.status },
      after: { status },
    });
    await events.append(
      tx,
      { type: 'transaction.updated', chatSessionId: row.chatSessionId, transaction },
      { customerId: row.customerId },
    );
    return transaction;
  });
}
