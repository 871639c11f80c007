import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { confirmDepositRequestSchema, Order } from '../../../shared/api/orders';
import {
  chainBelowCount,
  chainReadingLines,
  differenceText,
  HAND_CONFIRM_REASON_MIN,
} from '../../../shared/orders/chain-reading';
import { dec } from '../../../shared/money';
import { needsPayoutApproval } from '../../../shared/orders/payout-approval';
import { orders } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { orderChain, type OrderRow } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * What the chain said when the agent confirmed, for the audit entry: the reading in words and
 * the figures it came from.
 */
function chainAudit(order: OrderRow) {
  const chain = orderChain(order);
  return {
    reading: chainReadingLines(chain, order.coin).join('; '),
    confirmations: order.chainConfirmations,
    confirmationsRequired: order.chainConfirmationsRequired,
    receivedCrypto: chain?.receivedCrypto ?? null,
    problem: order.chainProblem,
    problemKind: chain?.problemKind ?? null,
    checkedAt: chain?.checkedAt ?? null,
  };
}

/**
 * An agent confirms by hand that the coins arrived: deposit_seen -> deposit_confirmed, in the
 * timeline and the audit log with what the chain said at that moment. Nothing is confirmed
 * blind: when the chain has not counted the required confirmations, or recorded a problem (not
 * found, wrong address, late, old), the agent says why, in at least 10 characters (400). A short
 * deposit is never confirmed at the full total (409): it is re-quoted at the received amount or
 * returned (decision 016). The watcher then stops reading the deposit. A naira total over
 * PAYOUT_APPROVAL_NAIRA goes to payout_approval instead: an admin approves the payout first
 * (decision 028); the update requires the total it was decided on.
 */
export async function confirmDeposit(
  options: TransitionContext & {
    input?: z.output<typeof confirmDepositRequestSchema>;
    /** PAYOUT_APPROVAL_NAIRA. */
    payoutApprovalNaira: string;
  },
): Promise<Order> {
  const reason = options.input?.reason ?? '';
  return transitionOrder(options, {
    action: 'confirm-deposit',
    to: (order) =>
      needsPayoutApproval(order.totalNaira, options.payoutApprovalNaira)
        ? 'payout_approval'
        : 'deposit_confirmed',
    where: (order) => eq(orders.totalNaira, order.totalNaira),
    body: options.input ?? null,
    note: reason || null,
    check: (order) => {
      if (order.state !== 'deposit_seen') return;
      const chain = orderChain(order);
      if (order.chainAmountOffCrypto !== null && dec(order.chainAmountOffCrypto).isNegative()) {
        // "Short by 0.0001 BTC (₦15,725.41)", inside a sentence.
        const short = differenceText(chain!, order.coin)!.replace(/^Short/, 'short');
        throw new AppError(
          'conflict',
          `Order ${order.reference}'s deposit is ${short}: it cannot be confirmed at the full total. Re-quote it at the received amount or return it.`,
        );
      }
      if (chainBelowCount(chain) && reason.length < HAND_CONFIRM_REASON_MIN) {
        throw new AppError(
          'bad_request',
          `The chain says: ${chainReadingLines(chain, order.coin).join('; ')}. Say why you confirm it by hand (at least ${HAND_CONFIRM_REASON_MIN} characters).`,
        );
      }
    },
    changes: () => ({ chainWatchConfirmed: false }),
    audit: (order) => ({ chain: chainAudit(order) }),
  });
}
