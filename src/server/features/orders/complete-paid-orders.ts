import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { EventLog } from '../../platform/realtime/events';
import { writeOrderTrade } from './complete-order';
import { recordSystemStep } from './record-system-step';

const HOUR_MS = 3_600_000;

/**
 * Completes every paid order whose customer said neither "I've received it" nor "I haven't"
 * within PAYOUT_CONFIRM_HOURS of the payout (PRODUCT.md "Orders"): payout_sent -> completed,
 * by the system, with the trade written as the customer's confirmation writes it. Each order in
 * its own transaction, as one conditional update: a customer's answer at the same moment wins
 * or loses whole. Run by the app's sweep; returns how many it completed.
 */
export async function completePaidOrders(options: {
  db: Db;
  events: EventLog;
  now: Date;
  payoutConfirmHours: number;
}): Promise<number> {
  const { db, events, now, payoutConfirmHours } = options;
  const due = and(
    eq(orders.state, 'payout_sent'),
    lte(orders.payoutSentAt, new Date(now.getTime() - payoutConfirmHours * HOUR_MS)),
  );
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(due)
    .orderBy(asc(orders.id));
  let completed = 0;
  for (const { id } of candidates) {
    const done = await events.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ state: 'completed', completedAt: now, updatedAt: now })
        .where(and(eq(orders.id, id), due))
        .returning();
      // The customer answered in the meantime.
      if (!row) return false;
      const note = `No answer from the customer within ${payoutConfirmHours} hours of the payout`;
      await writeOrderTrade({ tx, events, actorId: null, order: row });
      await recordSystemStep(tx, events, row, {
        action: 'auto-complete',
        to: 'completed',
        note,
        at: now,
        before: { state: 'payout_sent' },
        after: { state: 'completed', note },
      });
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}
