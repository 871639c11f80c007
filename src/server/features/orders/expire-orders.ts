import { and, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { EXPIRING_ORDER_STATES } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { EventLog } from '../../platform/realtime/events';
import { recordSystemStep } from './record-system-step';

/**
 * Expires every order whose rate lock ran out before a tx hash (quoted or awaiting a deposit,
 * `expires_at` at or before `now`), optionally only one order's or one chat's. Runs when orders
 * are read or changed and by the app's sweep, so an order is never shown or moved as open past
 * its lock. Returns how many it expired.
 */
export async function expireOrders(options: {
  db: Db;
  events: EventLog;
  now: Date;
  orderId?: number;
  chatSessionId?: number;
}): Promise<number> {
  const { db, events, now } = options;
  const overdue: SQL = and(
    inArray(orders.state, EXPIRING_ORDER_STATES),
    lte(orders.expiresAt, now),
    isNull(orders.txHash),
    options.orderId === undefined ? undefined : eq(orders.id, options.orderId),
    options.chatSessionId === undefined
      ? undefined
      : eq(orders.chatSessionId, options.chatSessionId),
  )!;
  // Most reads find nothing to expire: they open no transaction and tell no one.
  const [any] = await db.select({ id: orders.id }).from(orders).where(overdue).limit(1);
  if (!any) return 0;
  return events.transaction(async (tx) => {
    const due = await tx.select().from(orders).where(overdue).for('update');
    if (due.length === 0) return 0;
    const expired = await tx
      .update(orders)
      .set({ state: 'expired', expiredAt: now, updatedAt: now })
      .where(
        and(
          overdue,
          inArray(
            orders.id,
            due.map((r) => r.id),
          ),
        ),
      )
      .returning();
    for (const row of expired) {
      await recordSystemStep(tx, events, row, {
        action: 'expire',
        to: 'expired',
        at: now,
        before: { state: due.find((d) => d.id === row.id)!.state },
        after: { state: 'expired' },
      });
    }
    return expired.length;
  });
}
