import type { z } from 'zod';
import type { Order, payoutRequestSchema } from '../../../shared/api/orders';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent records the naira payout with the bank's reference: deposit_confirmed ->
 * payout_sent. That agent is the trade's agent when the order completes.
 */
export async function recordPayout(
  options: TransitionContext & { input: z.output<typeof payoutRequestSchema> },
): Promise<Order> {
  const { caller, input } = options;
  return transitionOrder(options, {
    action: 'payout',
    verb: 'paid out',
    from: ['deposit_confirmed'],
    to: 'payout_sent',
    body: input,
    changes: () => ({ bankReference: input.bankReference, paidBy: caller.id }),
  });
}
