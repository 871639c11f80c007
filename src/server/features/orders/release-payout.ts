import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, releasePayoutRequestSchema } from '../../../shared/api/orders';
import { orders } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { payoutHeld } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent confirms by hand, with a reason, a deposit whose payout a reorganised block holds
 * (the chain shows fewer confirmations than needed again): the order stays deposit_confirmed,
 * the watcher stops reading it, and the payout may go ahead. Audited; the timeline keeps the
 * reason. Of two at once, one wins (the update requires the watch still on), the other a 409.
 */
export async function releasePayout(
  options: TransitionContext & { input: z.output<typeof releasePayoutRequestSchema> },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'release-payout',
    body: options.input,
    note: `Confirmed by hand after a reorganised block: ${options.input.reason}`,
    check: (order) => {
      if (order.state === 'deposit_confirmed' && !payoutHeld(order)) {
        throw new AppError(
          'conflict',
          `Order ${order.reference}'s payout is not held: the chain shows enough confirmations`,
        );
      }
    },
    where: eq(orders.chainWatchConfirmed, true),
    changes: () => ({ chainWatchConfirmed: false, chainProblem: null }),
  });
}
