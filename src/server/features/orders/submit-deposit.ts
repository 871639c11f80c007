import type { z } from 'zod';
import type { depositRequestSchema, Order } from '../../../shared/api/orders';
import { txHashProblem } from '../../../shared/orders/states';
import { AppError } from '../../platform/errors';
import { assertOrderCustomer } from './order-access';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * The customer says the coins are sent: awaiting_deposit -> deposit_seen with the tx hash,
 * checked for the network's shape (400) and never used by another order (409). After the rate
 * lock it is too late: the order has expired.
 */
export async function submitDeposit(
  options: TransitionContext & { input: z.output<typeof depositRequestSchema> },
): Promise<Order> {
  const { caller } = options;
  const txHash = options.input.txHash.toLowerCase();
  return transitionOrder(options, {
    action: 'deposit',
    verb: 'given a deposit',
    from: ['awaiting_deposit'],
    to: 'deposit_seen',
    body: { txHash },
    check: (order) => {
      assertOrderCustomer(caller, order, 'submit its deposit');
      const problem = txHashProblem(order.network, txHash);
      if (problem) throw new AppError('bad_request', problem);
    },
    changes: () => ({ txHash }),
  });
}
