import type { RateCurrency } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { auditInsert } from '../../platform/audit';
import type { EventLog } from '../../platform/realtime/events';
import { toTransaction } from './to-transaction';

/**
 * The trade a completed order writes, in the order's own database transaction: the one row
 * volume, history and exports count (PRODUCT.md "Orders"). It is written completed because the
 * order's timeline already holds its pending life (quote, deposit, payout); `order_id` is unique,
 * so an order writes one trade, ever. It carries the order's reference.
 */
export async function recordOrderTrade(options: {
  tx: Db;
  events: EventLog;
  /**
   * Who completed it: the customer confirming receipt, the admin resolving a dispute, or null
   * for the system (no answer within PAYOUT_CONFIRM_HOURS of the payout).
   */
  actorId: string | null;
  order: {
    id: number;
    reference: string;
    chatSessionId: number;
    customerId: string;
    /** The agent who paid the naira. */
    agentId: string;
    coin: RateCurrency;
    amountCrypto: string;
    rateNaira: string;
    totalNaira: string;
  };
}) {
  const { tx, events, actorId, order } = options;
  const [row] = await tx
    .insert(transactions)
    .values({
      reference: order.reference,
      chatSessionId: order.chatSessionId,
      customerId: order.customerId,
      agentId: order.agentId,
      kind: 'trade',
      currency: order.coin,
      amount: order.amountCrypto,
      rate: order.rateNaira,
      total: order.totalNaira,
      status: 'completed',
      reason: `Order ${order.reference}`,
      orderId: order.id,
    })
    .returning();
  const transaction = toTransaction(row!);
  // The audit entry and the event: one statement.
  await events.append(
    tx,
    { type: 'transaction.created', chatSessionId: order.chatSessionId, transaction },
    { customerId: order.customerId },
    [
      auditInsert(tx, {
        actorId,
        action: 'transaction.create',
        entityType: 'transaction',
        entityId: String(row!.id),
        before: null,
        after: { ...transaction, orderId: order.id },
      }),
    ],
  );
  return transaction;
}
