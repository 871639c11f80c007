import type { z } from 'zod';
import type {
  depositReturnedRequestSchema,
  Order,
  returnDepositRequestSchema,
} from '../../../shared/api/orders';
import { txHashProblem } from '../../../shared/orders/states';
import { AppError } from '../../platform/errors';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent sends a deposit back rather than re-quote it (short, over, late, or a re-quote the
 * customer did not take): deposit_seen or requoted -> deposit_returning, with the reason.
 */
export async function returnDeposit(
  options: TransitionContext & { input: z.output<typeof returnDepositRequestSchema> },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'return-deposit',
    body: options.input,
    note: options.input.reason,
  });
}

/**
 * The agent records the desk's transaction that returned the coins: deposit_returning ->
 * refunded, with its tx hash in the network's shape (400).
 */
export async function depositReturned(
  options: TransitionContext & { input: z.output<typeof depositReturnedRequestSchema> },
): Promise<Order> {
  const returnTxHash = options.input.returnTxHash.toLowerCase();
  return transitionOrder(options, {
    action: 'returned',
    body: { returnTxHash },
    note: `Returned in transaction ${returnTxHash}`,
    check: (order) => {
      const problem = txHashProblem(order.network, returnTxHash);
      if (problem) throw new AppError('bad_request', problem);
    },
    changes: () => ({ returnTxHash }),
  });
}
