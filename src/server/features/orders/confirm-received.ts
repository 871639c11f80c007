import type { Order } from '../../../shared/api/orders';
import { writeOrderTrade } from './complete-order';
import { assertOrderCustomer } from './order-access';
import { transitionOrder, type TransitionContext } from './transition-order';

/** The customer says "I've received it": payout_sent -> completed, and the trade is written. */
export async function confirmReceived(options: TransitionContext): Promise<Order> {
  const { caller, events } = options;
  return transitionOrder(options, {
    action: 'received',
    body: null,
    check: (order) => assertOrderCustomer(caller, order, 'confirm receipt'),
    within: (tx, order) => writeOrderTrade({ tx, events, actorId: caller.id, order }),
  });
}
