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

/**
 * The deposit rules (PRODUCT.md "Orders"): an output (BTC) or transfer (TRC20) to the order's
 * deposit address, of the order's amount within `tolerancePercent`, first seen before the rate
 * lock ended and not mined before the order existed. Amounts compared in base units (satoshi,
 * USDT's 6 places), exactly. `reading` is a known one: `unknown` decides nothing.
 */
export function checkDeposit(options: {
  order: OrderRow;
  reading: Exclude<DepositReading, { kind: 'unknown' }>;
  tolerancePercent: number;
  now: Date;
}): DepositCheck {
  const { order, reading, tolerancePercent, now } = options;
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
  const base = { confirmations: reading.confirmations, firstSeenAt };
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
  const difference = received.minus(expected);
  const allowed = expected.times(tolerancePercent).dividedBy(100);
  let problem: string | null = null;
  let problemKind: DepositProblemKind | null = null;
  const outside = difference.abs().greaterThan(allowed);
  if (outside) {
    const crypto = formatCryptoAmount(difference.abs().toFixed(places), order.coin);
    const naira = formatNaira(toKobo(difference.abs().times(order.rateNaira)));
    problem = `Received ${formatCryptoAmount(receivedCrypto, order.coin)}: ${crypto} (${naira}) ${
      difference.isNegative() ? 'short of' : 'over'
    } the order's ${formatCryptoAmount(expected.toFixed(places), order.coin)}`;
    problemKind = difference.isNegative() ? 'short' : 'over';
  } else if (firstSeenAt > lockEnd) {
    problem = `First seen on the chain at ${lagosTime(firstSeenAt)}, after the rate lock ended at ${lagosTime(lockEnd)}`;
    problemKind = 'late';
  } else if (
    reading.blockTime !== null &&
    reading.blockTime.getTime() < order.createdAt.getTime() - BLOCK_TIME_SLACK_MS
  ) {
    problem = `Mined at ${lagosTime(reading.blockTime)}, before the order was made: an old transaction`;
    problemKind = 'old';
  }
  return {
    ...base,
    receivedCrypto,
    amountOffCrypto: outside ? difference.toFixed(places) : null,
    problem,
    problemKind,
  };
}
