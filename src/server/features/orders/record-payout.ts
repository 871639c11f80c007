import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  receiptAmountMismatch,
  type Order,
  type payoutRequestSchema,
} from '../../../shared/api/orders';
import { dec, formatNaira } from '../../../shared/money';
import { PAYOUT_FOUR_EYES_RULE } from '../../../shared/orders/payout-approval';
import type { Db } from '../../db/client';
import { imageReadings, orders } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { waitForReading } from '../image-readings';
import { assertOrderImage } from './order-image';
import { payoutHeld, type OrderRow } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * How long recording a payout waits for its proof to be read (it is usually sent a moment
 * before): about ten OCR readings queued ahead of it. After that the payout is recorded unread,
 * and a reused receipt is still flagged under the image when the reading comes (decision 031).
 */
export const PAYOUT_READING_WAIT_MS = 10_000;

/**
 * What the proof's reading says against the order, before anything is recorded: a receipt already
 * proving another order's payout (by the reference read on both) is refused, since one of the two
 * customers was not paid; an amount that is not the order's total is refused until the agent
 * says why. A proof not read in time, or with nothing readable, is the agent's to judge. Returns
 * the amount read when it differs from the total and the agent overrode it, else null.
 */
async function checkProofReading(options: {
  db: Db;
  order: OrderRow;
  proofMessageId: number;
  amountConfirmed: boolean;
}): Promise<string | null> {
  const { db, order, proofMessageId } = options;
  const reading = await waitForReading({
    db,
    messageId: proofMessageId,
    timeoutMs: PAYOUT_READING_WAIT_MS,
  });
  if (!reading || reading.status !== 'read') return null;
  if (reading.referenceKey) {
    const [other] = await db
      .select({ reference: orders.reference })
      .from(orders)
      .innerJoin(imageReadings, eq(imageReadings.messageId, orders.payoutProofMessageId))
      .where(and(eq(imageReadings.referenceKey, reading.referenceKey), ne(orders.id, order.id)))
      .limit(1);
    if (other) {
      throw new AppError(
        'conflict',
        `Same receipt as order ${other.reference} (reference ${reading.reference})`,
      );
    }
  }
  if (!reading.amount || dec(reading.amount).eq(order.totalNaira)) return null;
  if (!options.amountConfirmed) {
    throw new AppError('conflict', receiptAmountMismatch(reading.amount, order.totalNaira), {
      receiptAmount: reading.amount,
    });
  }
  return reading.amount;
}

/**
 * An agent records the naira payout with the bank's reference and a proof image (an image
 * message staff sent in the order's chat): deposit_confirmed -> payout_sent. That agent is the
 * trade's agent when the order completes. Not while a reorganised block holds the payout (409),
 * nor while it waits for an admin's approval (409), nor by the admin who approved it (403,
 * decision 028), nor with a proof whose reading disagrees with the order (checkProofReading).
 */
export async function recordPayout(
  options: TransitionContext & { input: z.output<typeof payoutRequestSchema> },
): Promise<Order> {
  const { caller, input, db } = options;
  let overriddenReading: string | null = null;
  return transitionOrder(options, {
    action: 'payout',
    body: input,
    check: async (order) => {
      if (order.state === 'payout_approval') {
        throw new AppError(
          'conflict',
          `Order ${order.reference}'s payout of ${formatNaira(order.totalNaira)} waits for an admin's approval (over the payout approval threshold): it cannot be paid out before`,
        );
      }
      if (order.payoutApprovedBy === caller.id) {
        throw new AppError('forbidden', PAYOUT_FOUR_EYES_RULE);
      }
      if (payoutHeld(order)) {
        throw new AppError(
          'conflict',
          `Order ${order.reference}'s deposit is back to ${order.chainConfirmations} of ${order.chainConfirmationsRequired} confirmations after a reorganised block: wait for them, or confirm the deposit by hand with a reason`,
        );
      }
      await assertOrderImage({ db, order, messageId: input.proofMessageId, use: 'payout proof' });
      overriddenReading = await checkProofReading({
        db,
        order,
        proofMessageId: input.proofMessageId,
        amountConfirmed: input.receiptAmountReason !== undefined,
      });
    },
    where: or(isNull(orders.payoutApprovedBy), ne(orders.payoutApprovedBy, caller.id)),
    changes: () => ({
      bankReference: input.bankReference,
      paidBy: caller.id,
      payoutProofMessageId: input.proofMessageId,
    }),
    // An override of the proof's reading keeps why, beside what the reading said (decision 031).
    audit: () =>
      overriddenReading === null
        ? {}
        : { receiptAmount: overriddenReading, receiptAmountReason: input.receiptAmountReason },
  });
}
