import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { createOrderRequestSchema, Order, OrderPreview } from '../../../shared/api/orders';
import { RATE_SYMBOLS } from '../../../shared/domain';
import { dec, formatNaira } from '../../../shared/money';
import { COIN_NETWORK, OPEN_ORDER_STATES } from '../../../shared/orders/states';
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
import { freeAmountAt } from './unique-deposit-amount';

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
  const preview = await previewOrder({ db, caller, input, limits, market, session });
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
      const base: OrderRow = {
        ...UNTOUCHED,
        id: reserved.id,
        reference: newReference(),
        chatSessionId: session.id,
        customerId: session.customerId,
        quotedBy: quote ? caller.id : null,
        coin: input.coin,
        network,
        amountCrypto: preview.amountCrypto,
        rateNaira,
        totalNaira: preview.totalNaira,
        depositAddress: null,
        depositKeyId: null,
        depositAddressIndex: null,
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
      const shown = (row: OrderRow) =>
        toNewOrder(row, reserved, {
          state: row.state,
          actor,
          actorId: caller.id,
          at: now.toISOString(),
          note: null,
        });
      /**
       * The order's insert, its timeline row and its audit entries; on a shared address with
       * its amount, naira total and address as the statement works them out (`at`).
       */
      const writes = (tx: Db, row: OrderRow, order: Order, at?: SharedParts): SQL[] => [
        tx
          .insert(orders)
          .overridingSystemValue()
          .values(
            at
              ? {
                  ...row,
                  amountCrypto: sql`${at.amount}::numeric`,
                  totalNaira: sql`${at.total}::numeric`,
                  depositAddress: at.address,
                }
              : row,
          )
          .getSQL(),
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
                entityId: String(row.id),
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
          entityId: String(row.id),
          before: null,
          after: at
            ? withShared(sql`${JSON.stringify({ ...order, timeline: undefined })}::jsonb`, [], at)
            : { ...order, timeline: undefined },
        }),
      ];
      /** The order, its timeline row, its audit entries and its event: one statement. */
      const written = async (tx: Db, row: OrderRow): Promise<Order> => {
        const order = shown(row);
        await events.append(
          tx,
          { type: 'order.created', chatSessionId: session.id, order },
          { customerId: session.customerId },
          writes(tx, row, order),
        );
        return order;
      };

      const order = await events.transaction(async (tx) => {
        if (quote) return written(tx, base);
        // The network's address lock, held to the commit. On a shared address the next
        // statement, begun after the lock was granted, picks the address, works out the amount
        // no other open order there asks for and writes the order with it; then the commit.
        const draft = shown(base);
        const pick = await nextDepositAddress<{ amount: string; total: string }>({
          db: tx,
          network,
          readAtShared: () => sql`(select json_build_object('amount', amount, 'total', total)
                                   from free)`,
          writeAtShared: (address) => {
            const at: SharedParts = {
              amount: sql`(select amount from free)`,
              total: sql`(select total from free)`,
              address,
            };
            const event = events.insertFrom({
              type: 'order.created',
              chatSessionId: session.id,
              customerId: session.customerId,
              payload: withShared(
                sql`${JSON.stringify({ chatSessionId: session.id, order: draft })}::jsonb`,
                ['order'],
                at,
              ),
              // Without an active address nothing is picked: no row back, a 503 below, and the
              // rollback takes back what the other parts wrote.
              from: sql``,
              where: sql`${address} is not null`,
            });
            return sql`free as (
                select f.amount, round(f.amount::numeric * ${rateNaira}::numeric, 2)::text as total
                from (select ${freeAmountAt({ network, address, coin: input.coin, amountCrypto: preview.amountCrypto })} as amount) f
              ), ${sql.join(
                [...writes(tx, base, draft, at), event].map(
                  (write, i) => sql`${sql.raw(`w${i}`)} as (${write})`,
                ),
                sql`, `,
              )}`;
          },
        });
        if (pick.atShared === undefined) {
          // Its own address, from the key: the writes follow.
          return written(tx, {
            ...base,
            depositAddress: pick.address,
            depositKeyId: pick.keyId,
            depositAddressIndex: pick.index,
          });
        }
        const order = shown({
          ...base,
          amountCrypto: pick.atShared.amount,
          totalNaira: pick.atShared.total,
          depositAddress: pick.address,
        });
        events.wrote(tx, { type: 'order.created', chatSessionId: session.id, order });
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

/**
 * A shared-address order's amount, naira total (texts) and address as its statement works them
 * out (`free`, `picked`).
 */
interface SharedParts {
  amount: SQL;
  total: SQL;
  address: SQL;
}

/** `json` (an order, at `path` in it) with its amount, naira total and address from `at`. */
function withShared(json: SQL, path: string[], at: SharedParts): SQL {
  const key = (name: string) => `{${[...path, name].join(',')}}`;
  return sql`jsonb_set(jsonb_set(jsonb_set(${json},
      ${key('amountCrypto')}::text[], to_jsonb(${at.amount})),
      ${key('totalNaira')}::text[], to_jsonb(${at.total})),
      ${key('depositAddress')}::text[], to_jsonb(${at.address}))`;
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
