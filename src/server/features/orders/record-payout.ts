import type { z } from 'zod';
import type { Order, payoutRequestSchema } from '../../../shared/api/orders';
import { assertOrderImage } from './order-image';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent records the naira payout with the bank's reference and a proof image (an image
 * message staff sent in the order's chat): deposit_confirmed -> payout_sent. That agent is the
 * trade's agent when the order completes.
 */
export async function recordPayout(
  options: TransitionContext & { input: z.output<typeof payoutRequestSchema> },
): Promise<Order> {
  const { caller, input, db } = options;
  return transitionOrder(options, {
    action: 'payout',
    body: input,
    check: (order) =>
      assertOrderImage({ db, order, messageId: input.proofMessageId, use: 'payout proof' }),
    changes: () => ({
      bankReference: input.bankReference,
      paidBy: caller.id,
      payoutProofMessageId: input.proofMessageId,
    }),
  });
}
