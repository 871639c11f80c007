import { dec, formatCryptoAmount, formatNaira } from '../../../shared/money';
import type { Order } from '../../../shared/api/orders';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import { tradeTotal } from '../../../shared/rates';
import { AppError } from '../../platform/errors';
import { assertOrderCustomer } from './order-access';
import { checkOrderLimits, type OrderLimits } from './order-limits';
import type { OrderRow } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * An agent re-quotes a deposit outside DEPOSIT_TOLERANCE_PERCENT at the amount received:
 * deposit_seen -> requoted, the order's amount now what reached the deposit address and its
 * total that amount at the order's locked rate (decision 016), the old figures in the timeline
 * note and the audit. Only for a deposit first seen during the rate lock: a late one is returned
 * or confirmed by hand. The customer then accepts the new total or asks for the coins back.
 */
export async function requoteDeposit(
  options: TransitionContext & { input: unknown; limits: OrderLimits },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'requote',
    body: null,
    check: (order) => {
      if (order.chainAmountOffCrypto === null || order.chainReceivedCrypto === null) {
        throw new AppError(
          'conflict',
          `Order ${order.reference}'s deposit is not outside the tolerance: there is nothing to re-quote`,
        );
      }
      if (order.chainFirstSeenAt === null || order.chainFirstSeenAt > order.expiresAt) {
        throw new AppError(
          'conflict',
          `Order ${order.reference}'s deposit was first seen after its rate lock: return it, or confirm it by hand with a reason`,
        );
      }
      checkOrderLimits(requoted(order).totalNaira, options.limits);
    },
    changes: (_tx, order) => ({
      ...requoted(order),
      chainAmountOffCrypto: null,
      chainProblem: null,
    }),
    note: (order) => {
      const { amountCrypto, totalNaira } = requoted(order);
      const places = COIN_DECIMALS[order.coin];
      return `Re-quoted at the amount received: ${formatCryptoAmount(amountCrypto, order.coin)} for ${formatNaira(totalNaira)} (was ${formatCryptoAmount(dec(order.amountCrypto).toFixed(places), order.coin)} for ${formatNaira(dec(order.totalNaira).toFixed(2))}) at the locked rate of ${formatNaira(dec(order.rateNaira).toFixed(2))}`;
    },
  });
}

/** The received amount, and its total at the order's locked rate (half-up to the kobo). */
function requoted(order: OrderRow): { amountCrypto: string; totalNaira: string } {
  const amountCrypto = dec(order.chainReceivedCrypto!).toFixed(COIN_DECIMALS[order.coin]);
  return { amountCrypto, totalNaira: tradeTotal(amountCrypto, order.rateNaira) };
}

/** The customer accepts the re-quoted total: requoted -> deposit_seen, the watcher reads on. */
export async function acceptRequote(
  options: TransitionContext & { input: unknown },
): Promise<Order> {
  const { caller } = options;
  return transitionOrder(options, {
    action: 'accept-requote',
    body: null,
    check: (order) => assertOrderCustomer(caller, order, 'accept its new total'),
  });
}

/** The customer turns the new total down: requoted -> deposit_returning, the coins go back. */
export async function declineRequote(
  options: TransitionContext & { input: unknown },
): Promise<Order> {
  const { caller } = options;
  return transitionOrder(options, {
    action: 'decline-requote',
    body: null,
    note: 'The customer asked for the deposit back',
    check: (order) => assertOrderCustomer(caller, order, 'turn its new total down'),
  });
}
