import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { createOrderRequestSchema, Order } from '../../../shared/api/orders';
import { RATE_SYMBOLS } from '../../../shared/domain';
import { D, dec } from '../../../shared/money';
import { COIN_DECIMALS, COIN_NETWORK, OPEN_ORDER_STATES } from '../../../shared/orders/states';
import { tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { orderEvents, orders, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { assertSameRequest, requestFingerprint } from '../../platform/idempotency';
import type { EventLog } from '../../platform/realtime/events';
import { newReference } from '../../platform/references';
import type { SessionUser } from '../../platform/sessions';
import { refuseStaffInLockedChat, sessionForParticipant } from '../chat-sessions';
import { nextDepositAddress } from '../desk-addresses';
import { getManagedRate } from '../rates';
import { checkTradeCap } from '../transactions';
import { expireOrders } from './expire-orders';
import { actorOf } from './order-access';
import { livePayoutAccount } from './payout-account-of';
import { toOrder } from './to-order';

type CreateInput = z.output<typeof createOrderRequestSchema>;

export interface OrderLimits {
  /** MAX_TRADE_NAIRA, naira. */
  maxTradeNaira: string;
  /** QUOTE_TTL_MINUTES. */
  quoteTtlMinutes: number;
}

const MINUTE_MS = 60_000;

/** The coins an order is for: as sent, or what the naira buys at the rate, rounded down. */
function amountCryptoOf(input: CreateInput, rateNaira: string): string {
  const places = COIN_DECIMALS[input.coin];
  const symbol = RATE_SYMBOLS[input.coin];
  if (input.amount !== undefined) {
    if (dec(input.amount).decimalPlaces() > places) {
      throw new AppError(
        'bad_request',
        `A ${symbol} amount has at most ${places} decimal places on its network`,
      );
    }
    return dec(input.amount).toFixed(places);
  }
  const amount = dec(input.amountNaira!).div(rateNaira).toDecimalPlaces(places, D.ROUND_DOWN);
  if (amount.isZero()) {
    throw new AppError('bad_request', `This naira amount buys less than the smallest ${symbol}`);
  }
  return amount.toFixed(places);
}

/**
 * Opens an order in a chat at the managed sell rate, locked for QUOTE_TTL_MINUTES. A customer's
 * own order names their payout account and gets a deposit address at once (awaiting_deposit);
 * an agent's is a quote (quoted) the customer accepts. A chat has one open order at a time
 * (409 naming it). The same Idempotency-Key returns the first order.
 */
export async function createOrder(options: {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  input: CreateInput;
  idempotencyKey: string | undefined;
  limits: OrderLimits;
  now: Date;
}): Promise<{ order: Order; created: boolean }> {
  const { db, events, caller, input, idempotencyKey, limits, now } = options;
  const session = await sessionForParticipant({
    db,
    caller,
    chatSessionId: input.chatSessionId,
  });
  // An agent quotes only in a chat not locked to another agent (ADR 016).
  await refuseStaffInLockedChat({ db, caller, chatSessionId: session.id });
  const hash = requestFingerprint([caller.id, input]);
  const existing = async () => {
    if (!idempotencyKey) return null;
    const [row] = await db
      .select()
      .from(orders)
      .where(
        and(eq(orders.customerId, session.customerId), eq(orders.idempotencyKey, idempotencyKey)),
      )
      .limit(1);
    if (!row) return null;
    assertSameRequest(row.requestHash, hash);
    return { order: await toOrder(db, row), created: false };
  };
  const first = await existing();
  if (first) return first;

  const quote = isAgent(caller);
  if (quote) {
    if (input.payoutAccountId !== undefined) {
      throw new AppError(
        'bad_request',
        "An agent's quote has no payout account: the customer chooses it when accepting",
      );
    }
    const [customer] = await db
      .select({
        isAgent: users.isAgent,
        isAdmin: users.isAdmin,
        customerStatus: users.customerStatus,
      })
      .from(users)
      .where(eq(users.id, session.customerId))
      .limit(1);
    if (!customer || customer.isAgent || customer.isAdmin) {
      throw new AppError('bad_request', "This chat's account is staff, not a customer");
    }
    // A banned customer could not accept it (nor open an order of their own).
    if (customer.customerStatus === 'banned') {
      throw new AppError('conflict', 'This customer is restricted: they cannot be sent a quote');
    }
  } else {
    if (caller.customerStatus === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
    if (input.payoutAccountId === undefined) {
      throw new AppError('bad_request', 'Choose the payout account to be paid into');
    }
    await livePayoutAccount({ db, customerId: caller.id, id: input.payoutAccountId });
  }
  const managed = await getManagedRate({ db, currency: input.coin });
  if (!managed) {
    throw new AppError(
      'conflict',
      `We have no ${RATE_SYMBOLS[input.coin]} rate yet. Please ask an agent for a quote`,
    );
  }
  const rateNaira = managed.sellRateNaira;
  const amountCrypto = amountCryptoOf(input, rateNaira);
  const totalNaira = tradeTotal(amountCrypto, rateNaira);
  checkTradeCap(totalNaira, limits.maxTradeNaira);
  const network = COIN_NETWORK[input.coin];
  // An order left past its lock no longer holds the chat.
  await expireOrders({ db, events, now, chatSessionId: session.id });

  for (let attempt = 0; ; attempt++) {
    try {
      const order = await events.transaction(async (tx) => {
        const depositAddress = quote
          ? null
          : (await nextDepositAddress({ db: tx, network })).address;
        const [row] = await tx
          .insert(orders)
          .values({
            reference: newReference(),
            chatSessionId: session.id,
            customerId: session.customerId,
            quotedBy: quote ? caller.id : null,
            coin: input.coin,
            network,
            amountCrypto,
            rateNaira,
            totalNaira,
            depositAddress,
            payoutAccountId: input.payoutAccountId ?? null,
            state: quote ? 'quoted' : 'awaiting_deposit',
            expiresAt: new Date(now.getTime() + limits.quoteTtlMinutes * MINUTE_MS),
            acceptedAt: quote ? null : now,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: idempotencyKey ? hash : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx.insert(orderEvents).values({
          orderId: row!.id,
          state: row!.state,
          actor: actorOf(caller),
          actorId: caller.id,
          at: now,
        });
        const order = await toOrder(tx, row!);
        await writeAudit(tx, {
          actorId: caller.id,
          action: 'order.create',
          entityType: 'order',
          entityId: String(row!.id),
          before: null,
          after: { ...order, timeline: undefined },
        });
        await events.append(
          tx,
          { type: 'order.created', chatSessionId: session.id, order },
          { customerId: session.customerId },
        );
        return order;
      });
      return { order, created: true };
    } catch (error) {
      if (isUniqueViolation(error, 'orders_open_per_chat_uq')) {
        const [open] = await db
          .select({ reference: orders.reference })
          .from(orders)
          .where(
            and(eq(orders.chatSessionId, session.id), inArray(orders.state, OPEN_ORDER_STATES)),
          )
          .limit(1);
        throw new AppError(
          'conflict',
          `This chat already has an open order${open ? `, ${open.reference}` : ''}. Finish or cancel it first`,
          { openOrderReference: open?.reference ?? null },
        );
      }
      if (isUniqueViolation(error, 'orders_idempotency_uq')) {
        const raced = await existing();
        if (raced) return raced;
      }
      // A reference collision (1 in 32^8 per pair) gets a new reference.
      if (attempt < 3 && isUniqueViolation(error, 'orders_reference_uq')) continue;
      throw error;
    }
  }
}
