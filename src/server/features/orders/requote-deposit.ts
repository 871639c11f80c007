import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, RequotePreview, requoteRequestSchema } from '../../../shared/api/orders';
import { deviationPercent } from '../../../shared/market-guard';
import { dec, formatCryptoAmount, formatNaira } from '../../../shared/money';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import { nairaRate, tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { getUsdToNaira } from '../rates';
import { assertOrderCustomer, orderForCaller } from './order-access';
import { checkOrderLimits, type OrderLimits } from './order-limits';
import type { OrderMarket } from './preview-order';
import { toOrder, type OrderRow } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/** A deposit may be re-quoted: outside the tolerance, first seen during the lock, in the limits. */
function checkRequotable(order: OrderRow, limits: OrderLimits): void {
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
  checkOrderLimits(requoted(order).totalNaira, limits);
}

/** The figures a re-quote of `order` sets, beside the market now. */
async function requotePreviewOf(
  db: Db,
  order: OrderRow,
  market: OrderMarket,
): Promise<RequotePreview> {
  const { amountCrypto, totalNaira } = requoted(order);
  const marketUsd = market.marketUsd(order.coin);
  const marketRateNaira =
    marketUsd === null ? null : nairaRate(marketUsd, await getUsdToNaira({ db }));
  const rateNaira = dec(order.rateNaira).toFixed(2);
  return {
    coin: order.coin,
    amountCrypto,
    rateNaira,
    totalNaira,
    wasAmountCrypto: dec(order.amountCrypto).toFixed(COIN_DECIMALS[order.coin]),
    wasTotalNaira: dec(order.totalNaira).toFixed(2),
    payoutAccount: (await toOrder(db, order)).payoutAccount,
    marketRateNaira,
    marketDeviationPercent:
      marketRateNaira === null ? null : deviationPercent(rateNaira, marketRateNaira),
    // The rate is the order's and cannot move; the coins received can (the watcher reads on).
    requoteVersion: amountCrypto,
  };
}

/**
 * What "Re-quote at received amount" would set, for the agent before its button, with every
 * check the re-quote makes: the same figures `requoteDeposit` then sets or refuses with 409.
 */
export async function previewRequote(options: {
  db: Db;
  caller: SessionUser;
  id: number;
  limits: OrderLimits;
  market: OrderMarket;
}): Promise<RequotePreview> {
  const { db, caller, id, limits, market } = options;
  const order = await orderForCaller({ db, caller, id });
  if (order.state !== 'deposit_seen') {
    throw new AppError('conflict', `Order ${order.reference} has no deposit to re-quote now`, {
      state: order.state,
    });
  }
  checkRequotable(order, limits);
  return requotePreviewOf(db, order, market);
}

/**
 * An agent re-quotes a deposit outside DEPOSIT_TOLERANCE_PERCENT at the amount received:
 * deposit_seen -> requoted, the order's amount now what reached the deposit address and its
 * total that amount at the order's locked rate (decision 016), the old figures in the timeline
 * note and the audit. Only for a deposit first seen during the rate lock: a late one is returned
 * or confirmed by hand. It sets exactly what its preview showed (`requoteVersion`), or answers
 * 409 `requote_changed` with the new preview. The customer then accepts the new total or asks
 * for the coins back.
 */
export async function requoteDeposit(
  options: TransitionContext & {
    input: z.output<typeof requoteRequestSchema>;
    limits: OrderLimits;
    market: OrderMarket;
  },
): Promise<Order> {
  const { input, db, limits, market } = options;
  return transitionOrder(options, {
    action: 'requote',
    body: input,
    check: async (order) => {
      checkRequotable(order, limits);
      const preview = await requotePreviewOf(db, order, market);
      if (preview.requoteVersion !== input.requoteVersion) {
        throw new AppError(
          'conflict',
          `The amount received changed: the new total is now ${formatNaira(preview.totalNaira)}`,
          { code: 'requote_changed', preview },
        );
      }
    },
    // The watcher may read the deposit again between the check and the update.
    where: eq(orders.chainReceivedCrypto, input.requoteVersion),
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
