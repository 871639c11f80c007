import type { z } from 'zod';
import type { depositRequestSchema, Order } from '../../../shared/api/orders';
import { txHashProblem } from '../../../shared/orders/states';
import { AppError } from '../../platform/errors';
import { assertOrderImage } from './order-image';
import { assertOrderCustomer } from './order-access';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * The customer says the coins are sent: awaiting_deposit -> deposit_seen with the tx hash,
 * checked for the network's shape (400) and never used by another order (409), and optionally
 * a screenshot (an image message the customer sent in the order's chat). After the rate lock it
 * is too late: the order has expired.
 */
export async function submitDeposit(
  options: TransitionContext & { input: z.output<typeof depositRequestSchema> },
): Promise<Order> {
  const { caller, db } = options;
  const txHash = options.input.txHash.toLowerCase();
  const screenshotMessageId = options.input.screenshotMessageId ?? null;
  return transitionOrder(options, {
    action: 'deposit',
    body: { txHash, screenshotMessageId },
    check: async (order) => {
      assertOrderCustomer(caller, order, 'submit its deposit');
      const problem = txHashProblem(order.network, txHash);
      if (problem) throw new AppError('bad_request', problem);
      if (screenshotMessageId !== null) {
        await assertOrderImage({
          db,
          order,
          messageId: screenshotMessageId,
          use: 'deposit screenshot',
        });
      }
    },
    changes: () => ({ txHash, depositScreenshotMessageId: screenshotMessageId }),
  });
}
