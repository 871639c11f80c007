import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { OrderPreview, previewOrderRequestSchema } from '../../../shared/api/orders';
import { RATE_SYMBOLS } from '../../../shared/domain';
import { D, dec } from '../../../shared/money';
import { COIN_DECIMALS, COIN_NETWORK } from '../../../shared/orders/states';
import { tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { refuseStaffInLockedChat, sessionForParticipant } from '../chat-sessions';
import { toPayoutAccount } from '../payout-accounts';
import { getSellRate, type MarketUsd } from '../rates';
import { peekSharedAddress } from '../deposit-addresses';
import { uniqueDepositAmount } from './unique-deposit-amount';
import { checkOrderLimits, type OrderLimits } from './order-limits';
import { livePayoutAccount } from './payout-account-of';

type PreviewInput = z.output<typeof previewOrderRequestSchema>;

/** The market guard an order's rate is checked against. */
export interface OrderMarket {
  marketUsd: MarketUsd;
  guardPercent: number;
}

/** The coins an order is for: as sent, or what the naira buys at the rate, rounded down. */
function amountCryptoOf(input: PreviewInput, rateNaira: string): string {
  const places = COIN_DECIMALS[input.coin];
  if (input.amount !== undefined) return dec(input.amount).toFixed(places);
  const amount = dec(input.amountNaira!).div(rateNaira).toDecimalPlaces(places, D.ROUND_DOWN);
  if (amount.isZero()) {
    throw new AppError(
      'bad_request',
      `This naira amount buys less than the smallest ${RATE_SYMBOLS[input.coin]}`,
    );
  }
  return amount.toFixed(places);
}

/** An agent quotes only a customer who may take it: not staff, not banned. */
async function checkQuotable(db: Db, customerId: string): Promise<void> {
  const [customer] = await db
    .select({ isAgent: users.isAgent, isAdmin: users.isAdmin, status: users.customerStatus })
    .from(users)
    .where(eq(users.id, customerId))
    .limit(1);
  if (!customer || customer.isAgent || customer.isAdmin) {
    throw new AppError('bad_request', "This chat's account is staff, not a customer");
  }
  if (customer.status === 'banned') {
    throw new AppError('conflict', 'This customer is restricted: they cannot be sent a quote');
  }
}

/**
 * What an order would be, priced now at the managed sell rate, with every check the lock makes
 * (decision 022): the caller's chat, the payout account, the published rate for a customer, the
 * order limits. A customer's amount is the one the order would ask for at its deposit address
 * (moved by a few smallest units when another open order there asks for it; decision 030), and
 * the naira total is computed from it. `POST /api/orders` calls it again and locks only the same `rateVersion`.
 * `rateVersion` is the rate itself: a save that keeps the figure keeps every preview valid.
 */
export async function previewOrder(options: {
  db: Db;
  caller: SessionUser;
  input: PreviewInput;
  limits: OrderLimits;
  market: OrderMarket;
  /** The chat, when the caller has just read it with `sessionForParticipant` (creating an order). */
  session?: Awaited<ReturnType<typeof sessionForParticipant>>;
}): Promise<OrderPreview> {
  const { db, caller, input, limits, market } = options;
  const session =
    options.session ??
    (await sessionForParticipant({ db, caller, chatSessionId: input.chatSessionId }));
  // An agent quotes only in a chat not locked to another agent (ADR 018).
  await refuseStaffInLockedChat({ db, caller, chatSessionId: session.id });
  const quote = isAgent(caller);
  let payoutAccount: OrderPreview['payoutAccount'] = null;
  if (quote) {
    if (input.payoutAccountId !== undefined) {
      throw new AppError(
        'bad_request',
        "An agent's quote has no payout account: the customer chooses it when accepting",
      );
    }
    await checkQuotable(db, session.customerId);
  } else {
    if (caller.customerStatus === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
    if (input.payoutAccountId !== undefined) {
      const account = await livePayoutAccount({
        db,
        customerId: caller.id,
        id: input.payoutAccountId,
      });
      payoutAccount = toPayoutAccount(account);
    }
  }
  const symbol = RATE_SYMBOLS[input.coin];
  const rate = await getSellRate({ db, currency: input.coin, ...market });
  if (!rate) {
    throw new AppError(
      'conflict',
      `We have no ${symbol} rate yet. Please ask an agent for a quote`,
    );
  }
  // PRODUCT.md: a customer never locks a rate visitors are not shown.
  if (!quote && !rate.published) {
    throw new AppError(
      'conflict',
      `Our desk is updating its ${symbol} rate. Please ask the agent in this chat for a quote`,
      { code: 'rate_unpublished' },
    );
  }
  const asked = amountCryptoOf(input, rate.sellRateNaira);
  // A customer's order gets its address at once: on a shared one, the amount it would ask for there.
  const address = quote ? null : await peekSharedAddress({ db, network: COIN_NETWORK[input.coin] });
  const amountCrypto = address
    ? await uniqueDepositAmount({
        db,
        network: COIN_NETWORK[input.coin],
        address,
        coin: input.coin,
        amountCrypto: asked,
      })
    : asked;
  const totalNaira = tradeTotal(amountCrypto, rate.sellRateNaira);
  checkOrderLimits(totalNaira, limits);
  return {
    coin: input.coin,
    amountCrypto,
    rateNaira: rate.sellRateNaira,
    totalNaira,
    payoutAccount,
    lockMinutes: limits.quoteTtlMinutes,
    marketRateNaira: rate.marketNaira,
    marketDeviationPercent: rate.marketDeviationPercent,
    published: rate.published,
    rateVersion: rate.sellRateNaira,
  };
}
