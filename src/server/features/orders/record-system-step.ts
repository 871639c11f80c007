import type { OrderState } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { orderEvents } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { EventLog } from '../../platform/realtime/events';
import { toOrder, type OrderRow } from './to-order';

/**
 * What the system (the deposit watcher, the sweeps) did to an order, already updated to `row`
 * in `tx`: its timeline entry, the audit entry `order.<action>`, and the live update to both
 * sides. A step without `to` records no timeline entry (a check that changed nothing but what
 * the card shows).
 */
export async function recordSystemStep(
  tx: Db,
  events: EventLog,
  row: OrderRow,
  step: {
    action: string;
    at: Date;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    to?: OrderState;
    note?: string;
  },
): Promise<void> {
  if (step.to) {
    await tx.insert(orderEvents).values({
      orderId: row.id,
      state: step.to,
      actor: 'system',
      actorId: null,
      note: step.note,
      at: step.at,
    });
  }
  await writeAudit(tx, {
    actorId: null,
    action: `order.${step.action}`,
    entityType: 'order',
    entityId: String(row.id),
    before: step.before,
    after: step.after,
  });
  await publishOrder(tx, events, row);
}

/** The order as it now is, to its customer and to staff, when `tx` commits. */
export async function publishOrder(tx: Db, events: EventLog, row: OrderRow): Promise<void> {
  await events.append(
    tx,
    { type: 'order.updated', chatSessionId: row.chatSessionId, order: await toOrder(tx, row) },
    { customerId: row.customerId },
  );
}
