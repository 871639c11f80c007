import type { z } from 'zod';
import type { Order, resolveRequestSchema } from '../../../shared/api/orders';
import { writeOrderTrade } from './complete-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An admin ends a dispute with a reason: completed (the naira was paid; the trade is written)
 * or refunded (the coins go back to the customer; no trade).
 */
export async function resolveDispute(
  options: TransitionContext & { input: z.output<typeof resolveRequestSchema> },
): Promise<Order> {
  const { input, caller, events } = options;
  return transitionOrder(options, {
    action: 'resolve',
    to: input.outcome,
    body: input,
    note: input.reason,
    within:
      input.outcome === 'completed'
        ? (tx, order) => writeOrderTrade({ tx, events, actorId: caller.id, order })
        : undefined,
  });
}
