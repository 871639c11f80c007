import type { z } from 'zod';
import type { disputeRequestSchema, Order } from '../../../shared/api/orders';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * "I haven't received it" (the customer) or a flag (an agent), with a note: payout_sent ->
 * disputed, for an admin to resolve.
 */
export async function disputeOrder(
  options: TransitionContext & { input: z.output<typeof disputeRequestSchema> },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'dispute',
    body: options.input,
    note: options.input.note,
  });
}
