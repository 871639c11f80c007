import { isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, payoutRequestSchema } from '../../../shared/api/orders';
import { formatNaira } from '../../../shared/money';
import { PAYOUT_FOUR_EYES_RULE } from '../../../shared/orders/payout-approval';
import { orders } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { assertOrderImage } from './order-image';
import { payoutHeld } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent records the naira payout with the bank's reference and a proof image (an image
 * message staff sent in the order's chat): deposit_confirmed -> payout_sent. That agent is the
 * trade's agent when the order completes. Not while a reorganised block holds the payout (409),
 * nor while it waits for an admin's approval (409), nor by the admin who approved it (403,
 * decision 028).
 */
export async function recordPayout(
  options: TransitionContext & { input: z.output<typeof payoutRequestSchema> },
): Promise<Order> {
  const { caller, input, db } = options;
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
    },
    where: or(isNull(orders.payoutApprovedBy), ne(orders.payoutApprovedBy, caller.id)),
    changes: () => ({
      bankReference: input.bankReference,
      paidBy: caller.id,
      payoutProofMessageId: input.proofMessageId,
    }),
  });
}
