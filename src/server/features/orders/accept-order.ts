import type { z } from 'zod';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { acceptOrderRequestSchema, Order } from '../../../shared/api/orders';
import { AppError } from '../../platform/errors';
import { nextDepositAddress } from '../deposit-addresses';
import { dec } from '../../../shared/money';
import { tradeTotal } from '../../../shared/rates';
import { assertOrderCustomer } from './order-access';
import { livePayoutAccount } from './payout-account-of';
import { transitionOrder, type TransitionContext } from './transition-order';
import { freeAmountAt } from './unique-deposit-amount';

/**
 * The customer takes an agent's quote at its locked rate, naming the account to be paid into:
 * quoted -> awaiting_deposit, with a deposit address from the desk's book; when another open
 * order on that address asks for the quote's amount, the amount moves by the fewest smallest
 * units and the naira total with it (decision 030). An expired quote
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
    // The order as shown is read before the address's lock: nothing else it shows changes.
    shownWith: () => ({ payoutAccountId: input.payoutAccountId }),
    changes: async (tx, order) => {
      // The network's address lock, held to the commit; on a shared address the amount is
      // worked out in the pick's statement, after the lock was granted.
      const pick = await nextDepositAddress<string>({
        db: tx,
        network: order.network,
        readAtShared: (address) =>
          freeAmountAt({
            network: order.network,
            address,
            coin: order.coin,
            amountCrypto: order.amountCrypto,
          }),
      });
      const amountCrypto = pick.atShared ?? order.amountCrypto;
      return {
        payoutAccountId: input.payoutAccountId,
        depositAddress: pick.address,
        depositKeyId: pick.keyId,
        depositAddressIndex: pick.index,
        ...(!dec(amountCrypto).equals(order.amountCrypto) && {
          amountCrypto,
          totalNaira: tradeTotal(amountCrypto, order.rateNaira),
        }),
      };
    },
  });
}
