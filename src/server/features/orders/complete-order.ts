import type { Db } from '../../db/client';
import type { EventLog } from '../../platform/realtime/events';
import { recordOrderTrade } from '../transactions';
import type { OrderRow } from './to-order';

/** What completing an order adds to its transaction: the trade that volume and exports count. */
export async function writeOrderTrade(options: {
  tx: Db;
  events: EventLog;
  /** Null when the system completes it (PAYOUT_CONFIRM_HOURS passed). */
  actorId: string | null;
  order: OrderRow;
}): Promise<void> {
  const { order } = options;
  // payout_sent is the only way to completed, and it sets paid_by.
  if (!order.paidBy) throw new Error(`order ${order.id} completed without a payout agent`);
  await recordOrderTrade({
    tx: options.tx,
    events: options.events,
    actorId: options.actorId,
    order: {
      id: order.id,
      reference: order.reference,
      chatSessionId: order.chatSessionId,
      customerId: order.customerId,
      agentId: order.paidBy,
      coin: order.coin,
      amountCrypto: order.amountCrypto,
      rateNaira: order.rateNaira,
      totalNaira: order.totalNaira,
    },
  });
}
