import { and, eq } from 'drizzle-orm';
import {
  type Transaction,
  type createTransactionRequestSchema,
} from '../../../shared/api/transactions';
import type { z } from 'zod';
import { dec } from '../../../shared/money';
import { tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { chatSessions, transactions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertSameRequest, requestFingerprint } from '../../platform/idempotency';
import { newReference } from '../../platform/references';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { getUsdToNaira } from '../rates';
import { toTransaction } from './to-transaction';

type CreateInput = z.output<typeof createTransactionRequestSchema>;

/**
 * Records a refund, charge or adjustment for a chat (never a trade: those come only from
 * completed orders, record-order-trade.ts). The total is computed here, never taken from the
 * client: dollars x the USD-to-Naira rate, half-up to the kobo. Over the approval threshold it
 * is created `pending_approval` and waits for an admin other than its creator. The same Idempotency-Key returns the first result; the
 * same key with a different request is refused (422).
 */
export async function createTransaction(options: {
  db: Db;
  events: EventLog;
  agent: SessionUser;
  input: CreateInput;
  idempotencyKey: string;
  /** APPROVAL_THRESHOLD_USD: over it, the transaction waits for another admin (decision 028). */
  approvalThresholdUsd: string;
}): Promise<{ transaction: Transaction; created: boolean }> {
  const { db, events, agent, input, idempotencyKey, approvalThresholdUsd } = options;
  const hash = requestFingerprint(input);
  const existing = async () => {
    const [row] = await db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.agentId, agent.id), eq(transactions.idempotencyKey, idempotencyKey)),
      )
      .limit(1);
    if (!row) return null;
    assertSameRequest(row.requestHash, hash);
    return { transaction: toTransaction(row), created: false };
  };
  const first = await existing();
  if (first) return first;

  const [session] = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.id, input.chatSessionId))
    .limit(1);
  if (!session) throw new AppError('not_found', 'Chat session not found');
  if (input.customerId && input.customerId !== session.customerId) {
    throw new AppError('bad_request', "customerId is not this chat's customer");
  }
  if (session.customerId === agent.id) {
    throw new AppError('bad_request', 'You cannot record a transaction with yourself');
  }
  const [customer] = await db
    .select({ isAgent: users.isAgent, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, session.customerId))
    .limit(1);
  if (!customer || customer.isAgent || customer.isAdmin) {
    throw new AppError(
      'bad_request',
      "This chat's account is staff (an agent or admin), not a customer: no transaction can be recorded for it",
    );
  }
  const rate = await getUsdToNaira({ db });
  const total = tradeTotal(input.amount, rate);
  const values = {
    chatSessionId: session.id,
    customerId: session.customerId,
    agentId: agent.id,
    kind: input.type,
    currency: 'usd' as const,
    amount: input.amount,
    rate,
    total,
    status: dec(input.amount).gt(approvalThresholdUsd)
      ? ('pending_approval' as const)
      : ('pending' as const),
    reason: input.reason,
    idempotencyKey,
    requestHash: hash,
  };

  for (let attempt = 0; ; attempt++) {
    try {
      const row = await events.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(transactions)
          .values({ ...values, reference: newReference() })
          .onConflictDoNothing({ target: [transactions.agentId, transactions.idempotencyKey] })
          .returning();
        if (!inserted) return null;
        const transaction = toTransaction(inserted);
        await writeAudit(tx, {
          actorId: agent.id,
          action: 'transaction.create',
          entityType: 'transaction',
          entityId: String(inserted.id),
          before: null,
          after: { ...transaction },
        });
        await events.append(
          tx,
          { type: 'transaction.created', chatSessionId: session.id, transaction },
          { customerId: session.customerId },
        );
        return inserted;
      });
      if (row) return { transaction: toTransaction(row), created: true };
      // A concurrent request with the same key won the race.
      const raced = await existing();
      if (raced) return raced;
      throw new Error('idempotency conflict without a stored transaction');
    } catch (error) {
      // A reference collision (1 in 32^8 per pair) gets a new reference.
      if (attempt < 3 && isUniqueViolation(error, 'transactions_reference_uq')) continue;
      throw error;
    }
  }
}
