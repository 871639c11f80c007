import type { z } from 'zod';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { acceptOrderRequestSchema, Order } from '../../../shared/api/orders';
import { AppError } from '../../platform/errors';
import { nextDepositAddress } from '../desk-addresses';
import { assertOrderCustomer } from './order-access';
import { livePayoutAccount } from './payout-account-of';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * The customer takes an agent's quote at its locked rate, naming the account to be paid into:
 * quoted -> awaiting_deposit, with a deposit address from the desk's book. An expired quote
 * cannot be accepted (409).
 */
export async function acceptOrder(
  options: TransitionContext & { input: z.output<typeof acceptOrderRequestSchema> },
): Promise<Order> {
  const { input, caller } = options;
  return transitionOrder(options, {
    action: 'accept',
    body: input,
    check: async (order) => {
      assertOrderCustomer(caller, order, 'accept its quote');
      if (caller.customerStatus === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
      await livePayoutAccount({ db: options.db, customerId: caller.id, id: input.payoutAccountId });
    },
    changes: async (tx, order) => ({
      payoutAccountId: input.payoutAccountId,
      depositAddress: (await nextDepositAddress({ db: tx, network: order.network })).address,
    }),
  });
}
