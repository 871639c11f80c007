import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dec, formatCryptoAmount } from '../../../shared/money';
import { needsPayoutApproval } from '../../../shared/orders/payout-approval';
import {
  COIN_DECIMALS,
  type DepositProblemKind,
  type OrderState,
} from '../../../shared/orders/states';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import type { ChainSettings } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { orderPayments, orders } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { EventLog } from '../../platform/realtime/events';
import {
  recordChainTip,
  type AddressReader,
  type AddressTransaction,
  type DepositReader,
  type DepositReading,
} from '../chain';
import {
  checkDeposit,
  isDust,
  olderThanOrder,
  type DepositCheck,
  type Neighbour,
} from './check-deposit';
import { publishOrder, recordSystemStep } from './record-system-step';
import { toOrder, type OrderRow } from './to-order';

/** How many orders one sweep reads, the longest unchecked first. */
const BATCH = 50;

/** How many of a network's reads run at once: a slow explorer is asked little at a time. */
const CONCURRENT_READS = 4;

/** A transaction the watcher finds is taken off an order that only held it with these problems. */
const NOT_THIS_ORDERS: readonly DepositProblemKind[] = ['old', 'small_payment', 'other_order'];

/** A chain's readers: a transaction by its hash, and (BTC) the transactions paying an address. */
export type ChainReaders = Partial<Record<DepositNetwork, DepositReader & Partial<AddressReader>>>;

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

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The deposit watcher's pass over the networks of `readers`, each on its own (one network's
 * slow explorer never holds another's; decision 030). Per network: it records the chain's tip
 * (new orders keep it, so nothing older than an order counts for it); for orders awaiting a
 * deposit without a tx hash it lists the transactions paying their deposit address and
 * attaches a matching one (`attachByAddress`, where the reader can list an address). Then, for
 * each order in `deposit_seen`, and each confirmed one (waiting for its payout or its approval) the
 * system confirmed (until its payout: a reorganised block can take confirmations back), it reads its tx hash on its chain
 * (outside any transaction, a few at a time), records what it found (confirmations, coins
 * received, first seen, the problem if any) and pushes the change live; with no problem and
 * enough confirmations it moves a `deposit_seen` order to `deposit_confirmed` (over
 * PAYOUT_APPROVAL_NAIRA: `payout_approval`) by itself (actor `system`, audited). A transaction older than the order, a small payment, or one carrying
 * exactly another open order's amount on the address is taken off the order (`detach`), which
 * waits for its deposit again; in the last case the order whose amount it is gets it. A reader
 * that cannot tell changes nothing: never a false "confirmed". A reorg's lower count is
 * recorded as it is; on a confirmed order it holds the payout. Each order in its own
 * transaction, as a conditional update on the state it was read in: an agent's step at the
 * same moment wins or loses whole. Returns how many it confirmed.
 */
export async function watchDeposits(options: WatchOptions): Promise<number> {
  const networks = (Object.keys(options.readers) as DepositNetwork[]).filter(
    (n) => options.readers[n] !== undefined,
  );
  const counts = await Promise.all(networks.map((network) => watchNetwork(options, network)));
  return counts.reduce((a, b) => a + b, 0);
}

async function watchNetwork(options: WatchOptions, network: DepositNetwork): Promise<number> {
  const { db, events, now, chain, logger } = options;
  const reader = options.readers[network]!;
  const tip = await reader.tip();
  if (tip.kind === 'unknown') {
    logger.warn({ network, reason: tip.reason }, 'chain tip could not be read');
  } else {
    await recordChainTip(db, network, tip, now);
  }
  await attachByAddress(options, network);
  const watched = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.network, network),
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
  const required = network === 'BTC' ? chain.btcConfirmations : chain.trc20Confirmations;
  await eachLimited(watched, CONCURRENT_READS, async (order) => {
    const list = reader.transactionsTo?.bind(reader);
    const own =
      order.depositKeyId !== null && list
        ? await readOwnAddress({ db, reader, list, order, now })
        : null;
    const reading = own?.reading ?? (await reader.read(order.txHash!));
    if (reading.kind === 'unknown') {
      logger.warn({ order: order.reference, reason: reading.reason }, 'deposit could not be read');
      return;
    }
    const check = checkDeposit({
      order,
      reading,
      tolerancePercent: chain.depositTolerancePercent,
      dustPercent: chain.dustPercent,
      neighbours: await neighboursOf(db, order, now),
      now,
    });
    if (order.state === 'deposit_seen' && NOT_THIS_ORDERS.includes(check.problemKind!)) {
      await detach({ ...options, order, check });
      return;
    }
    if (isConfirmed(order.state) && check.problem === null && check.confirmations < required) {
      check.problem = `Confirmations went back to ${check.confirmations} of ${required} (a reorganised block): the payout waits until they are back, or an agent confirms it by hand with a reason`;
      check.problemKind = 'reorg';
    }
    const approval = needsPayoutApproval(order.totalNaira, options.payoutApprovalNaira);
    const confirmTo = approval ? 'payout_approval' : 'deposit_confirmed';
    const payments = own?.payments ?? null;
    if (await record({ db, events, now, order, check, required, confirmTo, payments }))
      confirmed += 1;
  });
  return confirmed;
}

/** A payment counted for an order with its own address, as `order_payments` keeps it. */
type CountedPayment = Omit<typeof orderPayments.$inferInsert, 'id'>;

/**
 * Reads every payment to the own (derived) address of `order` (decision 030): its tx hash, and
 * each other transaction the address's list shows paying it that is not older than the order
 * and no other order holds, each read by its hash for its confirmations. The reading is their
 * sum: the outputs to the address of all of them, the confirmations of the least confirmed
 * (once the order is confirmed, of those counted by then: a later payment is reported, never
 * holds it back), the block of its tx hash. Its tx hash unknown, not found or older than the
 * order: that reading alone, with no payments (the usual check takes it off). A list or a read
 * that cannot tell: `unknown`, nothing decided.
 */
async function readOwnAddress(options: {
  db: Db;
  reader: DepositReader;
  list: AddressReader['transactionsTo'];
  order: OrderRow;
  now: Date;
}): Promise<{ reading: DepositReading; payments: CountedPayment[] | null }> {
  const { db, reader, list, order, now } = options;
  const address = order.depositAddress!;
  const first = await reader.read(order.txHash!);
  if (first.kind !== 'found' || olderThanOrder(order, first.blockHeight, first.blockTime)) {
    return { reading: first, payments: null };
  }
  const listing = await list(address);
  if (listing.kind === 'unknown') return { reading: listing, payments: null };
  const candidates = listing.transactions
    .filter(
      (t) =>
        t.txHash !== order.txHash &&
        paidTo(t, address) > 0n &&
        !olderThanOrder(order, t.blockHeight, t.blockTime),
    )
    // The order they came in: mined first, the mempool's last.
    .sort((a, b) => (a.blockTime?.getTime() ?? Infinity) - (b.blockTime?.getTime() ?? Infinity));
  const hashes = candidates.map((t) => t.txHash);
  const held =
    hashes.length === 0
      ? new Set<string>()
      : new Set([
          ...(
            await db
              .select({ txHash: orders.txHash })
              .from(orders)
              .where(and(inArray(orders.txHash, hashes), ne(orders.id, order.id)))
          ).map((r) => r.txHash),
          ...(
            await db
              .select({ txHash: orderPayments.txHash })
              .from(orderPayments)
              .where(
                and(inArray(orderPayments.txHash, hashes), ne(orderPayments.orderId, order.id)),
              )
          ).map((r) => r.txHash),
        ]);
  const readings: { txHash: string; reading: Extract<DepositReading, { kind: 'found' }> }[] = [
    { txHash: order.txHash!, reading: first },
  ];
  for (const t of candidates.filter((c) => !held.has(c.txHash))) {
    const reading = await reader.read(t.txHash);
    if (reading.kind === 'unknown') return { reading, payments: null };
    if (reading.kind === 'found') readings.push({ txHash: t.txHash, reading });
  }
  const counted = new Map(
    (
      await db
        .select({ txHash: orderPayments.txHash, countedAt: orderPayments.countedAt })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, order.id))
    ).map((p) => [p.txHash, p.countedAt]),
  );
  const payments: CountedPayment[] = readings.flatMap(({ txHash, reading }) => {
    const units = reading.outputs
      .filter((o) => o.address === address)
      .reduce((sum, o) => sum + o.amountBaseUnits, 0n);
    if (units === 0n) return [];
    return [
      {
        orderId: order.id,
        txHash,
        receivedCrypto: unitsToCoins(units, order),
        confirmations: reading.confirmations,
        blockTime: reading.blockTime,
        countedAt: counted.get(txHash) ?? now,
      },
    ];
  });
  const confirmedAt = isConfirmed(order.state) ? order.depositConfirmedAt : null;
  const holding = payments.filter((p) => confirmedAt === null || p.countedAt <= confirmedAt);
  const reading: DepositReading = {
    ...first,
    outputs: readings.flatMap((r) => r.reading.outputs.filter((o) => o.address === address)),
    confirmations: Math.min(first.confirmations, ...holding.map((p) => p.confirmations)),
  };
  return { reading, payments };
}

/**
 * The other orders waiting on `order`'s deposit address for a deposit: awaiting one, during
 * their lock, with no transaction yet.
 */
async function neighboursOf(db: Db, order: OrderRow, now: Date): Promise<Neighbour[]> {
  return db
    .select({ id: orders.id, reference: orders.reference, amountCrypto: orders.amountCrypto })
    .from(orders)
    .where(
      and(
        eq(orders.network, order.network),
        eq(orders.depositAddress, order.depositAddress!),
        ne(orders.id, order.id),
        eq(orders.state, 'awaiting_deposit'),
        isNull(orders.txHash),
        gt(orders.expiresAt, now),
      ),
    );
}

/**
 * Orders awaiting a deposit without a tx hash, during their lock, where the network's reader
 * lists an address's transactions: lists the transactions paying each deposit address (one
 * request per address) and attaches one to its order, which moves to `deposit_seen` by itself.
 * A transaction counts for an order when it pays the address, is not older than the order (at
 * or below the tip it recorded), was first seen during the order's lock, is not a small payment
 * for it, and no order holds it yet (the unique index decides, even under a race with a
 * customer's own submission). The order whose exact amount it carries gets it; else, the one
 * order it matches within the tolerance; else, with one candidate, that one whatever the amount
 * (a short or over deposit is then shown to the agent); otherwise nothing is guessed: each
 * candidate's chain check says why, for an agent. A small payment is only listed to agents.
 */
async function attachByAddress(options: WatchOptions, network: DepositNetwork): Promise<void> {
  const { db, events, now, readers, chain, logger } = options;
  const list = readers[network]?.transactionsTo?.bind(readers[network]);
  if (!list) return;
  const waiting = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.network, network),
        eq(orders.state, 'awaiting_deposit'),
        isNull(orders.txHash),
        isNotNull(orders.depositAddress),
        gt(orders.expiresAt, now),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  const byAddress = new Map<string, OrderRow[]>();
  for (const o of waiting) {
    byAddress.set(o.depositAddress!, [...(byAddress.get(o.depositAddress!) ?? []), o]);
  }
  for (const [address, group] of byAddress) {
    const reading = await list(address);
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
    const notes = new Map<number, { problem: string; kind: DepositProblemKind }>();
    for (const tx of paying) {
      if (used.has(tx.txHash)) continue;
      const seenAt = tx.blockTime ?? now;
      const received = paidTo(tx, address);
      const inTime = open.filter(
        (o) => seenAt <= o.expiresAt && !olderThanOrder(o, tx.blockHeight, tx.blockTime),
      );
      const candidates = inTime.filter((o) => !isDust(o, received, chain.dustPercent));
      const coins = (o: OrderRow) => formatCryptoAmount(unitsToCoins(received, o), o.coin);
      if (candidates.length === 0) {
        for (const o of inTime) {
          notes.set(o.id, {
            problem: `A small payment: transaction ${tx.txHash} sends ${coins(o)} to ${address}, under ${chain.dustPercent} % of the order's ${formatCryptoAmount(o.amountCrypto, o.coin)}. It is not the deposit`,
            kind: 'small_payment',
          });
        }
        continue;
      }
      const exact = candidates.filter((o) => dec(unitsToCoins(received, o)).equals(o.amountCrypto));
      const matching = candidates.filter((o) =>
        withinTolerance(o, received, chain.depositTolerancePercent),
      );
      const chosen =
        exact.length === 1
          ? exact[0]
          : matching.length === 1
            ? matching[0]
            : candidates.length === 1
              ? candidates[0]
              : undefined;
      if (!chosen) {
        const references = candidates.map((o) => o.reference).join(', ');
        for (const o of candidates) {
          notes.set(o.id, {
            problem: `Transaction ${tx.txHash} sends ${coins(o)} to ${address}, which ${candidates.length} orders wait on (${references}) ${
              matching.length > 1
                ? 'for amounts it is within the tolerance of'
                : 'for other amounts'
            }: it was not attached by itself. Ask the customer for the tx hash.`,
            kind: 'unclear',
          });
        }
        continue;
      }
      const attached = await events
        .transaction((t) =>
          attach({ tx: t, events, now, order: chosen, txHash: tx.txHash, logger }),
        )
        .catch((error: unknown) => {
          if (!isUniqueViolation(error, 'orders_tx_hash_uq')) throw error;
          logger.info(
            { order: chosen.reference, txHash: tx.txHash },
            'transaction already held by another order',
          );
          return false;
        });
      if (attached) {
        open = open.filter((o) => o.id !== chosen.id);
        notes.delete(chosen.id);
      }
    }
    for (const o of open) {
      const note = notes.get(o.id) ?? null;
      // A transaction taken off the order (`detach`) keeps its reason until another comes.
      const ours = o.chainProblemKind === 'unclear' || o.chainProblemKind === 'small_payment';
      if ((note !== null || ours) && (note?.problem ?? null) !== o.chainProblem) {
        await flagAwaiting({ events, now, order: o, note });
      }
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
 * Gives an awaiting order (id `order.id`) the transaction found paying its address, in `tx`:
 * awaiting_deposit -> deposit_seen (actor `system`, audited, live), as one conditional update.
 * False when the order moved meanwhile; another order holding the transaction is the unique
 * index's violation, for the caller.
 */
async function attach(options: {
  tx: Db;
  events: EventLog;
  now: Date;
  order: Pick<OrderRow, 'id'>;
  txHash: string;
  logger: FastifyBaseLogger;
}): Promise<boolean> {
  const { tx, events, now, order, txHash } = options;
  const note = `Transaction ${txHash} to the deposit address found on the chain`;
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
}

/**
 * Takes a transaction off a `deposit_seen` order it is not the deposit of (older than the
 * order, a small payment, or exactly another open order's amount): back to awaiting_deposit
 * (actor `system`, audited, live), the reason kept for the agent, so the customer can still
 * send or give the real deposit. When the transaction carries exactly the amount of another
 * order still waiting on the address, that order gets it in the same transaction.
 */
async function detach(
  options: WatchOptions & { order: OrderRow; check: DepositCheck & { ownerId: number | null } },
): Promise<void> {
  const { events, now, order, check, logger } = options;
  const txHash = order.txHash!;
  await events.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        txHash: null,
        state: 'awaiting_deposit',
        depositSeenAt: null,
        updatedAt: now,
        chainConfirmations: null,
        chainConfirmationsRequired: null,
        chainReceivedCrypto: null,
        chainFirstSeenAt: null,
        chainAmountOffCrypto: null,
        chainProblem: `Transaction ${txHash}: ${check.problem!}`,
        chainProblemKind: check.problemKind,
        chainCheckedAt: now,
      })
      .where(
        and(eq(orders.id, order.id), eq(orders.state, 'deposit_seen'), eq(orders.txHash, txHash)),
      )
      .returning();
    if (!row) return;
    await tx.delete(orderPayments).where(eq(orderPayments.orderId, order.id));
    await recordSystemStep(tx, events, row, {
      action: 'chain-detach',
      to: 'awaiting_deposit',
      note: row.chainProblem!,
      at: now,
      before: { state: 'deposit_seen', txHash },
      after: {
        state: 'awaiting_deposit',
        problem: row.chainProblem,
        problemKind: check.problemKind,
      },
    });
    if (check.ownerId !== null) {
      await attach({ tx, events, now, order: { id: check.ownerId }, txHash, logger });
    }
  });
}

/**
 * Says on an awaiting order why a transaction paying its address was not attached (unclear,
 * or a small payment), or clears it.
 */
async function flagAwaiting(options: {
  events: EventLog;
  now: Date;
  order: OrderRow;
  note: { problem: string; kind: DepositProblemKind } | null;
}): Promise<void> {
  const { events, now, order, note } = options;
  const problem = note?.problem ?? null;
  await events.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        chainProblem: problem,
        chainProblemKind: note?.kind ?? null,
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

/** Replaces the payments counted for order `orderId` by `payments`, in `tx`. */
async function writePayments(tx: Db, orderId: number, payments: CountedPayment[]): Promise<void> {
  await tx.delete(orderPayments).where(eq(orderPayments.orderId, orderId));
  if (payments.length > 0) await tx.insert(orderPayments).values(payments);
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
  /** The payments counted for an order with its own address; null on a shared one. */
  payments: CountedPayment[] | null;
}): Promise<boolean> {
  const { db, events, now, order, check, required, confirmTo, payments } = options;
  const stored =
    payments === null
      ? []
      : await db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
  const paymentsChanged =
    payments !== null &&
    (stored.length !== payments.length ||
      payments.some((p) => {
        const was = stored.find((s) => s.txHash === p.txHash);
        return (
          was === undefined ||
          was.confirmations !== p.confirmations ||
          !sameAmount(was.receivedCrypto, p.receivedCrypto) ||
          was.blockTime?.getTime() !== p.blockTime?.getTime()
        );
      }));
  const confirms =
    order.state === 'deposit_seen' && check.problem === null && check.confirmations >= required;
  const changed =
    confirms ||
    paymentsChanged ||
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
    if (paymentsChanged) await writePayments(tx, order.id, payments);
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
