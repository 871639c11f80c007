import { NOT_FOUND } from '../../../shared/orders/chain-reading';
import { COIN_DECIMALS, type DepositProblemKind } from '../../../shared/orders/states';
import { dec, formatCryptoAmount, formatNaira, toKobo } from '../../../shared/money';
import type { DepositReading } from '../chain';
import type { OrderRow } from './to-order';
import { BUSINESS_TIME_ZONE } from '../../../shared/lagos-days';

/** What one read of the chain says about an order's deposit, as the order keeps it. */
export interface DepositCheck {
  confirmations: number;
  /** Coins that reached the deposit address (decimal string, the order's coin). */
  receivedCrypto: string | null;
  firstSeenAt: Date | null;
  /** Received minus the order's amount when outside the tolerance (negative: short), else null. */
  amountOffCrypto: string | null;
  /**
   * Why it will not confirm by itself; null when the transaction is on the chain and address,
   * amount and time are right.
   */
  problem: string | null;
  problemKind: DepositProblemKind | null;
}

const lagos = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: BUSINESS_TIME_ZONE,
});

/** A moment in a problem's text, as the desk in Lagos reads it: "20 Nov 2026, 10:15:00 WAT". */
export function lagosTime(date: Date): string {
  return `${lagos.format(date)} WAT`;
}

/** A block's time may be up to 2 hours off (Bitcoin's own rule); older than that is old. */
export const BLOCK_TIME_SLACK_MS = 2 * 3_600_000;

/** Another order waiting for its deposit on the same (shared) address, as attribution weighs it. */
export interface Neighbour {
  id: number;
  reference: string;
  amountCrypto: string;
}

/**
 * Whether a transaction in block `blockHeight` at `blockTime` is older than the order (decision
 * 030): at or below the chain's tip the order recorded when it was made; on TRON, whose block
 * times are exact, a block time before the order. Without a recorded tip (the watcher had not
 * read the chain yet), a block time before the order by more than a block time's slack.
 */
export function olderThanOrder(
  order: Pick<OrderRow, 'chainTipHeight' | 'createdAt' | 'network'>,
  blockHeight: number | null,
  blockTime: Date | null,
): boolean {
  if (order.chainTipHeight !== null && blockHeight !== null) {
    if (blockHeight <= order.chainTipHeight) return true;
  }
  if (blockTime === null) return false;
  if (order.network === 'USDT-TRC20') return blockTime < order.createdAt;
  return (
    order.chainTipHeight === null &&
    blockTime.getTime() < order.createdAt.getTime() - BLOCK_TIME_SLACK_MS
  );
}

/** Whether `units` is a small payment for the order: under `dustPercent` of its amount. */
export function isDust(
  order: Pick<OrderRow, 'amountCrypto' | 'coin'>,
  units: bigint,
  dustPercent: number,
): boolean {
  const places = COIN_DECIMALS[order.coin];
  const coins = dec(units.toString()).dividedBy(dec(10).pow(places));
  return coins.lessThan(dec(order.amountCrypto).times(dustPercent).dividedBy(100));
}

/**
 * The deposit rules (PRODUCT.md "Orders", decision 030): an output (BTC) or transfer (TRC20) to
 * the order's deposit address, not older than the order, not a small payment (under
 * `dustPercent` of its amount), of the order's amount within `tolerancePercent`, first seen
 * before the rate lock ended. On a shared address (`neighbours`: the other orders waiting on it) a
 * transaction carrying exactly another order's amount is that order's (`ownerId`), and one
 * within the tolerance of this order and of another is neither's by itself. Amounts compared in
 * base units (satoshi, USDT's 6 places), exactly. `reading` is a known one: `unknown` decides
 * nothing.
 */
export function checkDeposit(options: {
  order: OrderRow;
  reading: Exclude<DepositReading, { kind: 'unknown' }>;
  tolerancePercent: number;
  dustPercent: number;
  neighbours: Neighbour[];
  now: Date;
}): DepositCheck & { ownerId: number | null } {
  const { order, reading, tolerancePercent, dustPercent, neighbours, now } = options;
  const places = COIN_DECIMALS[order.coin];
  const lockEnd = order.expiresAt;
  if (reading.kind === 'not_found') {
    return {
      confirmations: 0,
      receivedCrypto: null,
      firstSeenAt: order.chainFirstSeenAt,
      amountOffCrypto: null,
      problem:
        order.chainFirstSeenAt === null && now > lockEnd
          ? `${NOT_FOUND} before the rate lock ended at ${lagosTime(lockEnd)}`
          : NOT_FOUND,
      problemKind: 'not_found',
      ownerId: null,
    };
  }
  const seen = [order.chainFirstSeenAt, reading.blockTime, now].filter(
    (d): d is Date => d !== null,
  );
  const firstSeenAt = new Date(Math.min(...seen.map((d) => d.getTime())));
  const receivedUnits = reading.outputs
    .filter((o) => o.address === order.depositAddress)
    .reduce((sum, o) => sum + o.amountBaseUnits, 0n);
  const received = dec(receivedUnits.toString()).dividedBy(dec(10).pow(places));
  const expected = dec(order.amountCrypto);
  const base = { confirmations: reading.confirmations, firstSeenAt, ownerId: null };
  if (receivedUnits === 0n) {
    return {
      ...base,
      receivedCrypto: null,
      amountOffCrypto: null,
      problem: `No output of this transaction goes to the deposit address ${order.depositAddress ?? '(none)'}`,
      problemKind: 'wrong_address',
    };
  }
  const receivedCrypto = received.toFixed(places);
  const coins = formatCryptoAmount(receivedCrypto, order.coin);
  const ordered = formatCryptoAmount(expected.toFixed(places), order.coin);
  const refused = (
    problem: string,
    problemKind: DepositProblemKind,
    ownerId: number | null = null,
  ) => ({
    ...base,
    receivedCrypto,
    amountOffCrypto: null,
    problem,
    problemKind,
    ownerId,
  });
  if (olderThanOrder(order, reading.blockHeight, reading.blockTime)) {
    const block = reading.blockHeight === null ? '' : ` in block ${reading.blockHeight}`;
    const tip =
      order.chainTipHeight === null
        ? ''
        : ` (the chain was at block ${order.chainTipHeight} when it was made)`;
    return refused(
      `Mined${block} at ${lagosTime(reading.blockTime!)}: older than this order${tip}. It is not this order's deposit`,
      'old',
    );
  }
  if (isDust(order, receivedUnits, dustPercent)) {
    return refused(
      `A small payment: ${coins}, under ${dustPercent} % of the order's ${ordered}. It is not the deposit`,
      'small_payment',
    );
  }
  const owner = received.equals(expected)
    ? undefined
    : neighbours.find((n) => dec(n.amountCrypto).equals(received));
  if (owner) {
    return refused(
      `This transaction sends ${coins}, exactly the amount of order ${owner.reference} on the same address: it is that order's deposit, not this one's`,
      'other_order',
      owner.id,
    );
  }
  const difference = received.minus(expected);
  const allowed = expected.times(tolerancePercent).dividedBy(100);
  const outside = difference.abs().greaterThan(allowed);
  if (outside) {
    const crypto = formatCryptoAmount(difference.abs().toFixed(places), order.coin);
    const naira = formatNaira(toKobo(difference.abs().times(order.rateNaira)));
    return {
      ...base,
      receivedCrypto,
      amountOffCrypto: difference.toFixed(places),
      problem: `Received ${coins}: ${crypto} (${naira}) ${
        difference.isNegative() ? 'short of' : 'over'
      } the order's ${ordered}`,
      problemKind: difference.isNegative() ? 'short' : 'over',
    };
  }
  const alsoWithin = difference.isZero()
    ? []
    : neighbours.filter((n) =>
        dec(n.amountCrypto)
          .minus(received)
          .abs()
          .lessThanOrEqualTo(dec(n.amountCrypto).times(tolerancePercent).dividedBy(100)),
      );
  if (alsoWithin.length > 0) {
    return refused(
      `This transaction sends ${coins}, within the tolerance of this order's ${ordered} and of order ${alsoWithin.map((n) => n.reference).join(', ')} on the same address: it is neither's by itself. An agent decides`,
      'unclear',
    );
  }
  if (firstSeenAt > lockEnd) {
    return refused(
      `First seen on the chain at ${lagosTime(firstSeenAt)}, after the rate lock ended at ${lagosTime(lockEnd)}`,
      'late',
    );
  }
  return { ...base, receivedCrypto, amountOffCrypto: null, problem: null, problemKind: null };
}
