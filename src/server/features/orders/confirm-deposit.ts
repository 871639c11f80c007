import type { Order } from '../../../shared/api/orders';
import { transitionOrder, type TransitionContext } from './transition-order';

/** An agent confirms by hand that the coins arrived: deposit_seen -> deposit_confirmed. */
export async function confirmDeposit(options: TransitionContext): Promise<Order> {
  return transitionOrder(options, {
    action: 'confirm-deposit',
    body: null,
  });
}
