import type { z } from 'zod';
import type { cancelRequestSchema, Order } from '../../../shared/api/orders';
import { transitionOrder, type TransitionContext } from './transition-order';

/** Either side calls it off before a deposit: quoted or awaiting_deposit -> cancelled. */
export async function cancelOrder(
  options: TransitionContext & { input: z.output<typeof cancelRequestSchema> },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'cancel',
    body: options.input ?? null,
    note: options.input?.reason || null,
  });
}
