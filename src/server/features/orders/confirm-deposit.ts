import type { z } from 'zod';
import type { confirmDepositRequestSchema, Order } from '../../../shared/api/orders';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent confirms by hand that the coins arrived: deposit_seen -> deposit_confirmed, with an
 * optional reason (a chain the watcher cannot read, a short amount accepted), in the timeline
 * and the audit log. The watcher then stops reading the deposit.
 */
export async function confirmDeposit(
  options: TransitionContext & { input?: z.output<typeof confirmDepositRequestSchema> },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'confirm-deposit',
    body: options.input ?? null,
    note: options.input?.reason || null,
    changes: () => ({ chainWatchConfirmed: false }),
  });
}
