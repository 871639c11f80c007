import { and, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../../shared/api/transactions';
import { transactions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { toTransaction } from './to-transaction';

/** The 403 a creator gets for deciding their own transaction: the rule, by name. */
export const FOUR_EYES_RULE =
  'Four eyes: a transaction over the approval threshold is approved or rejected by an admin other than the one who created it';

/**
 * An admin's decision on a `pending_approval` transaction (decision 028): approved, it becomes
 * `pending` and is completed as any other; rejected, it is `failed` with the admin's reason.
 * One conditional update (`where status = 'pending_approval' and agent_id <> admin`): of
 * concurrent decisions exactly one wins, the others get a 409.
 */
export async function decideTransaction(options: {
  events: EventLog;
  admin: SessionUser;
  id: number;
  decision: { approve: true } | { approve: false; reason: string };
}): Promise<Transaction> {
  const { events, admin, id, decision } = options;
  return events.transaction(async (tx) => {
    const [before] = await tx.select().from(transactions).where(eq(transactions.id, id)).limit(1);
    if (!before) throw new AppError('not_found', 'Transaction not found');
    if (before.agentId === admin.id) throw new AppError('forbidden', FOUR_EYES_RULE);
    const status = decision.approve ? ('pending' as const) : ('failed' as const);
    const rejectionReason = decision.approve ? null : decision.reason;
    const [row] = await tx
      .update(transactions)
      .set({ status, decidedBy: admin.id, rejectionReason, updatedAt: sql`now()` })
      .where(
        and(
          eq(transactions.id, id),
          eq(transactions.status, 'pending_approval'),
          ne(transactions.agentId, admin.id),
        ),
      )
      .returning();
    if (!row) {
      throw new AppError(
        'conflict',
        `This transaction is ${before.status}, not waiting for approval: it cannot be ${decision.approve ? 'approved' : 'rejected'} now`,
      );
    }
    const transaction = toTransaction(row);
    await writeAudit(tx, {
      actorId: admin.id,
      action: decision.approve ? 'transaction.approve' : 'transaction.reject',
      entityType: 'transaction',
      entityId: String(id),
      before: { status: before.status },
      after: { status, ...(rejectionReason ? { reason: rejectionReason } : {}) },
    });
    await events.append(
      tx,
      { type: 'transaction.updated', chatSessionId: row.chatSessionId, transaction },
      { customerId: row.customerId },
    );
    return transaction;
  });
}
