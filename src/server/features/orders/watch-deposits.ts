import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dec, formatCryptoAmount } from '../../../shared/money';
import { needsPayoutApproval } from '../../../shared/orders/payout-approval';
import { COIN_DECIMALS, type OrderState } from '../../../shared/orders/states';
import type { DeskNetwork } from '../../../shared/desk-addresses/networks';
import type { ChainSettings } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { orders } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { EventLog } from '../../platform/realtime/events';
import type { AddressReader, AddressTransaction, DepositReader } from '../chain';
import { BLOCK_TIME_SLACK_MS, checkDeposit, type DepositCheck } from './check-deposit';
import { publishOrder, recordSystemStep } from './record-system-step';
import { toOrder, type OrderRow } from './to-order';

/** How many orders one sweep reads, the longest unchecked first. */
const BATCH = 50;

/** A chain's readers: a transaction by its hash, and (BTC) the transactions paying an address. */
export type ChainReaders = Partial<Record<DeskNetwork, DepositReader & Partial<AddressReader>>>;

/** What a pass of the watcher reads the chain and the orders with. */
interface WatchOptions {
  db: Db;
  events: EventLog;
  now: Date;
  readers: ChainReaders;
  chain: ChainSettings;
  /** PAYOUT_APPROVAL_NAIRA: a deposit confirmed over it waits for an admin's approval. */
  payoutApprovalNaira: string;
  logger: FastifyBaseLogger;
}

/** A confirmed deposit, paid or not yet: the states a reorganised block can hold the payout in. */
const CONFIRMED: readonly OrderState[] = ['payout_approval', 'deposit_confirmed'];
const isConfirmed = (state: OrderState) => CONFIRMED.includes(state);

/**
 * The deposit watcher's sweep. First, for BTC orders awaiting a deposit without a tx hash, it
 * lists the transactions paying their deposit address and attaches a matching one
 * (`attachByAddress`). Then, for each order in `deposit_seen`, and each confirmed one (waiting
 * for its payout or its approval) the system confirmed (until its payout: a reorganised block
 * can take confirmations back), it
 * reads its tx hash on its chain (outside any transaction), records what it found
 * (confirmations, coins received, first seen, the problem if any) and pushes the change live;
 * with no problem and enough confirmations it moves a `deposit_seen` order to
 * `deposit_confirmed` (over PAYOUT_APPROVAL_NAIRA: `payout_approval`) by itself (actor
 * `system`, audited). A reader that cannot tell changes
 * nothing: never a false "confirmed". A reorg's lower count is recorded as it is; on a
 * confirmed order it holds the payout. Each order in its own transaction, as a conditional
 * update on the state it was read in: an agent's step at the same moment wins or loses whole.
 * Returns how many it confirmed.
 */
export async function watchDeposits(options: WatchOptions): Promise<number> {
  const { db, events, now, readers, chain, logger } = options;
  await attachByAddress(options);
  const watched = await db
    .select()
    .from(orders)
    .where(
      and(
        isNotNull(orders.txHash),
        or(
          eq(orders.state, 'deposit_seen'),
          and(inArray(orders.state, [...CONFIRMED]), eq(orders.chainWatchConfirmed, true)),
        ),
      ),
    )
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
    if (isConfirmed(order.state) && check.problem === null && check.confirmations < required) {
      check.problem = `Confirmations went back to ${check.confirmations} of ${required} (a reorganised block): the payout waits until they are back, or an agent confirms it by hand with a reason`;
      check.problemKind = 'reorg';
    }
    const approval = needsPayoutApproval(order.totalNaira, options.payoutApprovalNaira);
    const confirmTo = approval ? 'payout_approval' : 'deposit_confirmed';
    if (await record({ db, events, now, order, check, required, confirmTo })) confirmed += 1;
  }
  return confirmed;
}

/**
 * BTC orders awaiting a deposit without a tx hash, during their lock: lists the transactions
 * paying each deposit address (one request per address) and attaches one to its order, which
 * moves to `deposit_seen` by itself. A transaction counts for an order when it pays the address,
 * was first seen during the order's lock (in the mempool now, or mined no earlier than the lock
 * began, with a block's 2 hours of slack) and no order holds it yet (the unique index decides,
 * even under a race with a customer's own submission). With one candidate order it is that
 * order's, whatever the amount (a short or over deposit is then shown to the agent); with
 * several, the one whose amount it matches within the tolerance; when that is none or more than
 * one, nothing is guessed: each candidate's chain check says why, for an agent.
 */
async function attachByAddress(options: WatchOptions): Promise<void> {
  const { db, events, now, readers, chain, logger } = options;
  const networks = (Object.keys(readers) as DeskNetwork[]).filter(
    (n) => readers[n]?.transactionsTo !== undefined,
  );
  if (networks.length === 0) return;
  const waiting = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.state, 'awaiting_deposit'),
        isNull(orders.txHash),
        isNotNull(orders.depositAddress),
        gt(orders.expiresAt, now),
        inArray(orders.network, networks),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  const byAddress = new Map<string, OrderRow[]>();
  for (const o of waiting) {
    const key = `${o.network} ${o.depositAddress}`;
    byAddress.set(key, [...(byAddress.get(key) ?? []), o]);
  }
  for (const group of byAddress.values()) {
    const { network, depositAddress } = group[0]!;
    const address = depositAddress!;
    const reading = await readers[network]!.transactionsTo!(address);
    if (reading.kind === 'unknown') {
      logger.warn({ address, reason: reading.reason }, 'deposit address could not be read');
      continue;
    }
    const paying = reading.transactions.filter((t) => paidTo(t, address) > 0n);
    if (paying.length === 0) continue;
    const used = new Set(
      (
        await db
          .select({ txHash: orders.txHash })
          .from(orders)
          .where(
            inArray(
              orders.txHash,
              paying.map((t) => t.txHash),
            ),
          )
      ).map((r) => r.txHash),
    );
    let open = group;
    const unclear = new Map<number, string>();
    for (const tx of paying) {
      if (used.has(tx.txHash)) continue;
      const seenAt = tx.blockTime ?? now;
      const candidates = open.filter(
        (o) =>
          seenAt <= o.expiresAt &&
          seenAt.getTime() >= (o.acceptedAt ?? o.createdAt).getTime() - BLOCK_TIME_SLACK_MS,
      );
      if (candidates.length === 0) continue;
      const received = paidTo(tx, address);
      const matching = candidates.filter((o) =>
        withinTolerance(o, received, chain.depositTolerancePercent),
      );
      const chosen =
        candidates.length === 1 ? candidates[0] : matching.length === 1 ? matching[0] : undefined;
      if (!chosen) {
        const coins = formatCryptoAmount(
          unitsToCoins(received, candidates[0]!),
          candidates[0]!.coin,
        );
        const references = candidates.map((o) => o.reference).join(', ');
        for (const o of candidates) {
          unclear.set(
            o.id,
            `Transaction ${tx.txHash} sends ${coins} to ${address}, which ${candidates.length} orders wait on (${references}) ${
              matching.length > 1 ? 'for the same amount' : 'for other amounts'
            }: it was not attached by itself. Ask the customer for the tx hash.`,
          );
        }
        continue;
      }
      if (await attach({ db, events, now, order: chosen, txHash: tx.txHash, logger })) {
        open = open.filter((o) => o.id !== chosen.id);
        unclear.delete(chosen.id);
      }
    }
    for (const o of open) {
      const problem = unclear.get(o.id) ?? null;
      if (problem !== o.chainProblem) await flagUnclear({ db, events, now, order: o, problem });
    }
  }
}

/** Base units a transaction pays to `address`, all its outputs there together. */
function paidTo(tx: AddressTransaction, address: string): bigint {
  return tx.outputs
    .filter((o) => o.address === address)
    .reduce((s, o) => s + o.amountBaseUnits, 0n);
}

function unitsToCoins(units: bigint, order: OrderRow): string {
  const places = COIN_DECIMALS[order.coin];
  return dec(units.toString()).dividedBy(dec(10).pow(places)).toFixed(places);
}

function withinTolerance(order: OrderRow, units: bigint, tolerancePercent: number): boolean {
  const expected = dec(order.amountCrypto);
  return dec(unitsToCoins(units, order))
    .minus(expected)
    .abs()
    .lessThanOrEqualTo(expected.times(tolerancePercent).dividedBy(100));
}

/**
 * Gives an awaiting order the transaction found paying its address: awaiting_deposit ->
 * deposit_seen (actor `system`, audited, live), as one conditional update. False when the
 * order moved meanwhile or another order holds the transaction (the unique index).
 */
async function attach(options: {
  db: Db;
  events: EventLog;
  now: Date;
  order: OrderRow;
  txHash: string;
  logger: FastifyBaseLogger;
}): Promise<boolean> {
  const { events, now, order, txHash, logger } = options;
  const note = `Transaction ${txHash} to the deposit address found on the chain`;
  try {
    return await events.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({
          txHash,
          state: 'deposit_seen',
          depositSeenAt: now,
          updatedAt: now,
          chainProblem: null,
          chainProblemKind: null,
        })
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.state, 'awaiting_deposit'),
            isNull(orders.txHash),
            gt(orders.expiresAt, now),
          ),
        )
        .returning();
      if (!row) return false;
      await recordSystemStep(tx, events, row, {
        action: 'chain-attach',
        to: 'deposit_seen',
        note,
        at: now,
        before: { state: 'awaiting_deposit' },
        after: { state: 'deposit_seen', txHash },
      });
      return true;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'orders_tx_hash_uq')) throw error;
    logger.info({ order: order.reference, txHash }, 'transaction already held by another order');
    return false;
  }
}

/** Says on an awaiting order why a transaction paying its address was not attached (or clears it). */
async function flagUnclear(options: {
  db: Db;
  events: EventLog;
  now: Date;
  order: OrderRow;
  problem: string | null;
}): Promise<void> {
  const { events, now, order, problem } = options;
  await events.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        chainProblem: problem,
        chainProblemKind: problem === null ? null : 'unclear',
        chainCheckedAt: now,
      })
      .where(
        and(eq(orders.id, order.id), eq(orders.state, 'awaiting_deposit'), isNull(orders.txHash)),
      )
      .returning();
    if (!row) return;
    await writeAudit(tx, {
      actorId: null,
      action: 'order.chain-check',
      entityType: 'order',
      entityId: String(row.id),
      before: { problem: order.chainProblem },
      after: { problem },
    });
    await events.append(
      tx,
      { type: 'order.updated', chatSessionId: row.chatSessionId, order: await toOrder(tx, row) },
      { customerId: row.customerId },
    );
  });
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
  /** Where a confirmation takes it: `payout_approval` over PAYOUT_APPROVAL_NAIRA. */
  confirmTo: 'deposit_confirmed' | 'payout_approval';
}): Promise<boolean> {
  const { db, events, now, order, check, required, confirmTo } = options;
  const confirms =
    order.state === 'deposit_seen' && check.problem === null && check.confirmations >= required;
  const changed =
    confirms ||
    !sameAmount(order.chainAmountOffCrypto, check.amountOffCrypto) ||
    order.chainConfirmations !== check.confirmations ||
    order.chainConfirmationsRequired !== required ||
    order.chainProblem !== check.problem ||
    order.chainProblemKind !== check.problemKind ||
    !sameAmount(order.chainReceivedCrypto, check.receivedCrypto) ||
    order.chainFirstSeenAt?.getTime() !== check.firstSeenAt?.getTime();
  const columns = {
    chainConfirmations: check.confirmations,
    chainConfirmationsRequired: required,
    chainReceivedCrypto: check.receivedCrypto,
    chainFirstSeenAt: check.firstSeenAt,
    chainProblem: check.problem,
    chainProblemKind: check.problemKind,
    chainAmountOffCrypto: check.amountOffCrypto,
    chainCheckedAt: now,
  };
  const stillSeen = and(
    eq(orders.id, order.id),
    eq(orders.state, order.state),
    // The total the approval was decided on (a re-quote and its acceptance change it).
    eq(orders.totalNaira, order.totalNaira),
    isConfirmed(order.state) ? eq(orders.chainWatchConfirmed, true) : undefined,
  );
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
        ...(confirms && {
          state: confirmTo,
          depositConfirmedAt: now,
          updatedAt: now,
          chainWatchConfirmed: true,
        }),
      })
      .where(stillSeen)
      .returning();
    // An agent confirmed it (or it moved on) in the meantime.
    if (!row) return false;
    if (confirms) {
      const note = `${check.confirmations} of ${required} confirmations on the chain`;
      await recordSystemStep(tx, events, row, {
        action: 'chain-confirm',
        to: confirmTo,
        note,
        at: now,
        before: { state: 'deposit_seen' },
        after: { state: confirmTo, note, receivedCrypto: check.receivedCrypto },
      });
    } else if (order.chainProblem !== check.problem) {
      await recordSystemStep(tx, events, row, {
        action: 'chain-check',
        at: now,
        before: { problem: order.chainProblem },
        after: {
          problem: check.problem,
          problemKind: check.problemKind,
          confirmations: check.confirmations,
        },
      });
    } else {
      // Only the count moved: the cards follow it live.
      await publishOrder(tx, events, row);
    }
    return confirms;
  });
}
