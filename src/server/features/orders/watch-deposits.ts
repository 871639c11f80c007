import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dec } from '../../../shared/money';
import type { DeskNetwork } from '../../../shared/desk-addresses/networks';
import type { ChainSettings } from '../../config';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { EventLog } from '../../platform/realtime/events';
import type { DepositReader } from '../chain';
import { checkDeposit, type DepositCheck } from './check-deposit';
import { toOrder, type OrderRow } from './to-order';

/** How many orders one sweep reads, the longest unchecked first. */
const BATCH = 50;

/**
 * The deposit watcher's sweep: for each order in `deposit_seen`, reads its tx hash on its chain
 * (outside any transaction), records what it found (confirmations, coins received, first seen,
 * the problem if any) and pushes the change live; with no problem and enough confirmations it
 * moves the order to `deposit_confirmed` by itself (actor `system`, audited). A reader that
 * cannot tell changes nothing: never a false "confirmed". A reorg's lower count is recorded as
 * it is. Each order in its own transaction, as a conditional update on `deposit_seen`: an
 * agent's confirmation at the same moment wins or loses whole. Returns how many it confirmed.
 */
export async function watchDeposits(options: {
  db: Db;
  events: EventLog;
  now: Date;
  readers: Partial<Record<DeskNetwork, DepositReader>>;
  chain: ChainSettings;
  logger: FastifyBaseLogger;
}): Promise<number> {
  const { db, events, now, readers, chain, logger } = options;
  const watched = await db
    .select()
    .from(orders)
    .where(and(eq(orders.state, 'deposit_seen'), isNotNull(orders.txHash)))
    .orderBy(sql`${orders.chainCheckedAt} asc nulls first`, asc(orders.id))
    .limit(BATCH);
  let confirmed = 0;
  for (const order of watched) {
    const reader = readers[order.network];
    if (!reader) continue;
    const reading = await reader.read(order.txHash!);
    if (reading.kind === 'unknown') {
      logger.warn({ order: order.reference, reason: reading.reason }, 'deposit could not be read');
      continue;
    }
    const required = order.network === 'BTC' ? chain.btcConfirmations : chain.trc20Confirmations;
    const check = checkDeposit({
      order,
      reading,
      tolerancePercent: chain.depositTolerancePercent,
      now,
    });
    if (await record({ db, events, now, order, check, required })) confirmed += 1;
  }
  return confirmed;
}

/** Whether two decimal strings (or nulls) are the same amount, whatever their places. */
function sameAmount(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : dec(a).equals(b);
}

/** Writes one order's check; true when it confirmed the order. */
async function record(options: {
  db: Db;
  events: EventLog;
  now: Date;
  order: OrderRow;
  check: DepositCheck;
  required: number;
}): Promise<boolean> {
  const { db, events, now, order, check, required } = options;
  const confirms = check.problem === null && check.confirmations >= required;
  const changed =
    confirms ||
    order.chainConfirmations !== check.confirmations ||
    order.chainConfirmationsRequired !== required ||
    order.chainProblem !== check.problem ||
    !sameAmount(order.chainReceivedCrypto, check.receivedCrypto) ||
    order.chainFirstSeenAt?.getTime() !== check.firstSeenAt?.getTime();
  const columns = {
    chainConfirmations: check.confirmations,
    chainConfirmationsRequired: required,
    chainReceivedCrypto: check.receivedCrypto,
    chainFirstSeenAt: check.firstSeenAt,
    chainProblem: check.problem,
    chainCheckedAt: now,
  };
  const stillSeen = and(eq(orders.id, order.id), eq(orders.state, 'deposit_seen'));
  if (!changed) {
    // Nothing anyone sees changed: the time of the check only, told to no one.
    await db.update(orders).set({ chainCheckedAt: now }).where(stillSeen);
    return false;
  }
  return events.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        ...columns,
        ...(confirms && { state: 'deposit_confirmed', depositConfirmedAt: now, updatedAt: now }),
      })
      .where(stillSeen)
      .returning();
    // An agent confirmed it (or it moved on) in the meantime.
    if (!row) return false;
    if (confirms) {
      const note = `${check.confirmations} of ${required} confirmations on the chain`;
      await tx.insert(orderEvents).values({
        orderId: row.id,
        state: 'deposit_confirmed',
        actor: 'system',
        actorId: null,
        note,
        at: now,
      });
      await writeAudit(tx, {
        actorId: null,
        action: 'order.chain-confirm',
        entityType: 'order',
        entityId: String(row.id),
        before: { state: 'deposit_seen' },
        after: { state: 'deposit_confirmed', note, receivedCrypto: check.receivedCrypto },
      });
    } else if (order.chainProblem !== check.problem) {
      await writeAudit(tx, {
        actorId: null,
        action: 'order.chain-check',
        entityType: 'order',
        entityId: String(row.id),
        before: { problem: order.chainProblem },
        after: { problem: check.problem, confirmations: check.confirmations },
      });
    }
    await events.append(
      tx,
      { type: 'order.updated', chatSessionId: row.chatSessionId, order: await toOrder(tx, row) },
      { customerId: row.customerId },
    );
    return confirms;
  });
}
