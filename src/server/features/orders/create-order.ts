import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createOrderRequestSchema, Order, OrderPreview } from '../../../shared/api/orders';
import { RATE_SYMBOLS } from '../../../shared/domain';
import { dec, formatNaira } from '../../../shared/money';
import { COIN_NETWORK, OPEN_ORDER_STATES } from '../../../shared/orders/states';
import { tradeTotal } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { orderEvents, orders } from '../../db/schema';
import { auditInsert } from '../../platform/audit';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { assertSameRequest, requestFingerprint } from '../../platform/idempotency';
import type { EventLog } from '../../platform/realtime/events';
import { newReference } from '../../platform/references';
import type { SessionUser } from '../../platform/sessions';
import { sessionForParticipant } from '../chat-sessions';
import { latestChainTip } from '../chain';
import { nextDepositAddress } from '../deposit-addresses';
import { expireOrders } from './expire-orders';
import { actorOf } from './order-access';
import type { OrderLimits } from './order-limits';
import { previewOrder, type OrderMarket } from './preview-order';
import { reserveOrder, toNewOrder, toOrder, type OrderRow } from './to-order';
import { freeDepositAmount, takenAmountsAt } from './unique-deposit-amount';

type CreateInput = z.output<typeof createOrderRequestSchema>;

const MINUTE_MS = 60_000;

/** The columns a new order leaves empty (every one named: a new column is a compile error). */
const UNTOUCHED = {
  txHash: null,
  bankReference: null,
  paidBy: null,
  payoutApprovedBy: null,
  payoutProofMessageId: null,
  depositScreenshotMessageId: null,
  chainConfirmations: null,
  chainConfirmationsRequired: null,
  chainReceivedCrypto: null,
  chainFirstSeenAt: null,
  chainProblem: null,
  chainProblemKind: null,
  chainCheckedAt: null,
  chainAmountOffCrypto: null,
  chainWatchConfirmed: false,
  returnTxHash: null,
  depositSeenAt: null,
  depositConfirmedAt: null,
  payoutSentAt: null,
  completedAt: null,
  disputedAt: null,
  refundedAt: null,
  expiredAt: null,
  cancelledAt: null,
} satisfies Partial<OrderRow>;

/**
 * Opens an order in a chat at exactly the rate its preview showed (`rateVersion`), locked for
 * QUOTE_TTL_MINUTES; a rate changed since is a 409 `rate_changed` with the new preview. A
 * customer's own order names their payout account and gets a deposit address at once
 * (awaiting_deposit), its amount made unique on that address (decision 030), and the chain's
 * tip is recorded on it; an agent's is a quote (quoted) the customer accepts, and one at a rate
 * outside the market guard needs the agent's reason, audited. A chat has one open order at a
 * time (409 naming it). The same Idempotency-Key returns the first order.
 */
export async function createOrder(options: {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  input: CreateInput;
  idempotencyKey: string | undefined;
  limits: OrderLimits;
  market: OrderMarket;
  now: Date;
}): Promise<{ order: Order; created: boolean }> {
  const { db, events, caller, input, idempotencyKey, limits, market, now } = options;
  const session = await sessionForParticipant({
    db,
    caller,
    chatSessionId: input.chatSessionId,
  });
  const hash = requestFingerprint([caller.id, input]);
  // A retry returns the first order, whatever the rate is now.
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
  if (!quote && input.payoutAccountId === undefined) {
    throw new AppError('bad_request', 'Choose the payout account to be paid into');
  }
  const preview = await previewOrder({ db, caller, input, limits, market });
  if (preview.rateVersion !== input.rateVersion) {
    const who = quote ? 'the customer would' : 'you would';
    throw new AppError(
      'conflict',
      `The rate changed: ${who} now receive ${formatNaira(preview.totalNaira)}`,
      { code: 'rate_changed', preview },
    );
  }
  const pastGuard = quote && !preview.published;
  if (pastGuard && !input.confirmation) {
    throw new AppError('conflict', `${guardFinding(preview)}: give the reason to quote it`, {
      code: 'quote_guard',
      preview,
    });
  }
  const { rateNaira } = preview;
  const network = COIN_NETWORK[input.coin];
  // Nothing mined before this order counts for it (decision 030).
  const tip = await latestChainTip(db, network);
  // An order left past its lock no longer holds the chat.
  await expireOrders({ db, events, now, chatSessionId: session.id });

  // The order's id and what it is shown with, read before its transaction (no read in it).
  const reserved = await reserveOrder(db, {
    customerId: session.customerId,
    payoutAccountId: input.payoutAccountId ?? null,
  });

  for (let attempt = 0; ; attempt++) {
    try {
      const order = await events.transaction(async (tx) => {
        // The network's address lock, held to the commit: after it, two statements (one on a
        // shared address: its pick, with the amounts its open orders ask for, read after the
        // lock was granted; then the writes), then the commit.
        const pick = quote
          ? null
          : await nextDepositAddress<string[]>({
              db: tx,
              network,
              readAtShared: (address) => takenAmountsAt(network, address),
            });
        // On a shared address, the preview's amount unless an order took it since.
        const amountCrypto = pick?.atShared
          ? freeDepositAmount({
              taken: pick.atShared,
              coin: input.coin,
              amountCrypto: preview.amountCrypto,
            })
          : preview.amountCrypto;
        const totalNaira =
          amountCrypto === preview.amountCrypto
            ? preview.totalNaira
            : tradeTotal(amountCrypto, rateNaira);
        const row: OrderRow = {
          ...UNTOUCHED,
          id: reserved.id,
          reference: newReference(),
          chatSessionId: session.id,
          customerId: session.customerId,
          quotedBy: quote ? caller.id : null,
          coin: input.coin,
          network,
          amountCrypto,
          rateNaira,
          totalNaira,
          depositAddress: pick?.address ?? null,
          depositKeyId: pick?.keyId ?? null,
          depositAddressIndex: pick?.index ?? null,
          chainTipHeight: tip?.height ?? null,
          chainTipAt: tip?.blockTime ?? null,
          payoutAccountId: input.payoutAccountId ?? null,
          state: quote ? 'quoted' : 'awaiting_deposit',
          expiresAt: new Date(now.getTime() + limits.quoteTtlMinutes * MINUTE_MS),
          acceptedAt: quote ? null : now,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: idempotencyKey ? hash : null,
          createdAt: now,
          updatedAt: now,
        };
        const actor = actorOf(caller);
        const order = toNewOrder(row, reserved, {
          state: row.state,
          actor,
          actorId: caller.id,
          at: now.toISOString(),
          note: null,
        });
        const entityId = String(row.id);
        // The order, its timeline row, the audit entries and the event: one statement.
        await events.append(
          tx,
          { type: 'order.created', chatSessionId: session.id, order },
          { customerId: session.customerId },
          [
            tx.insert(orders).overridingSystemValue().values(row).getSQL(),
            tx
              .insert(orderEvents)
              .values({ orderId: row.id, state: row.state, actor, actorId: caller.id, at: now })
              .getSQL(),
            ...(pastGuard
              ? [
                  auditInsert(tx, {
                    actorId: caller.id,
                    action: 'order.guard-confirmed',
                    entityType: 'order',
                    entityId,
                    after: {
                      reason: input.confirmation!.reason,
                      rateNaira,
                      marketRateNaira: preview.marketRateNaira,
                      marketDeviationPercent: preview.marketDeviationPercent,
                    },
                  }),
                ]
              : []),
            auditInsert(tx, {
              actorId: caller.id,
              action: 'order.create',
              entityType: 'order',
              entityId,
              before: null,
              after: { ...order, timeline: undefined },
            }),
          ],
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

/** Where an unpublished rate stands: "BTC sell rate ₦112,035,000.00 is 30.00 % below the market …". */
function guardFinding(preview: OrderPreview): string {
  const rate = `${RATE_SYMBOLS[preview.coin]} sell rate ${formatNaira(preview.rateNaira)}`;
  if (preview.marketRateNaira === null || preview.marketDeviationPercent === null) {
    return `${rate} cannot be checked: there is no market price. It is not shown to customers`;
  }
  const deviation = dec(preview.marketDeviationPercent);
  const direction = deviation.isNegative() ? 'below' : 'above';
  return `${rate} is ${deviation.abs().toFixed(2)} % ${direction} the market ${formatNaira(preview.marketRateNaira)} and not shown to customers`;
}
