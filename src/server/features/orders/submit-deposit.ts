import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { depositRequestSchema, Order } from '../../../shared/api/orders';
import { txHashProblem } from '../../../shared/orders/states';
import { orders } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { assertOrderImage } from './order-image';
import { assertOrderCustomer } from './order-access';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * The customer says the coins are sent: awaiting_deposit -> deposit_seen with the tx hash,
 * checked for the network's shape (400) and never used by another order (409), and optionally
 * a screenshot (an image message the customer sent in the order's chat). After the rate lock it
 * is too late: the order has expired. When the watcher found the same transaction at the
 * deposit address first (the order already holds it), the answer is the order (200), and the
 * customer's screenshot is still added to it, never dropped; another hash, or a second
 * screenshot, is a 409.
 */
export async function submitDeposit(
  options: TransitionContext & { input: z.output<typeof depositRequestSchema> },
): Promise<Order> {
  const { caller, db } = options;
  const txHash = options.input.txHash.toLowerCase();
  const screenshotMessageId = options.input.screenshotMessageId ?? null;
  let attachedFirst = false;
  return transitionOrder(options, {
    action: 'deposit',
    body: { txHash, screenshotMessageId },
    // Only the order's customer; and when the watcher found this transaction first, the order
    // already holds it and is the answer. Asked before `check`, so `check` needs not ask again.
    answered: (order) => {
      assertOrderCustomer(caller, order, 'submit its deposit');
      return order.txHash === txHash && screenshotMessageId === null;
    },
    check: async (order) => {
      const problem = txHashProblem(order.network, txHash);
      if (problem) throw new AppError('bad_request', problem);
      if (order.state === 'deposit_seen') {
        if (order.txHash !== txHash) {
          throw new AppError(
            'conflict',
            `Order ${order.reference} already has its deposit: transaction ${order.txHash ?? ''}`,
            { state: order.state },
          );
        }
        if (order.depositScreenshotMessageId !== null) {
          throw new AppError(
            'conflict',
            `Order ${order.reference} already has this transaction and its screenshot`,
            { state: order.state },
          );
        }
        attachedFirst = true;
      }
      if (screenshotMessageId !== null) {
        await assertOrderImage({
          db,
          order,
          messageId: screenshotMessageId,
          use: 'deposit screenshot',
        });
      }
    },
    // Adding the screenshot later changes nothing else, and only while none is there.
    where: or(
      eq(orders.state, 'awaiting_deposit'),
      and(eq(orders.txHash, txHash), isNull(orders.depositScreenshotMessageId)),
    ),
    note: () => (attachedFirst ? 'Deposit screenshot added' : null),
    changes: () =>
      attachedFirst
        ? { depositScreenshotMessageId: screenshotMessageId }
        : { txHash, depositScreenshotMessageId: screenshotMessageId },
  });
}
