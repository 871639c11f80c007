import { and, asc, desc, eq, gt, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, ordersQuerySchema } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { OPEN_ORDER_STATES } from '../../../shared/orders/states';
import { messages, orders, type ImageSeenBefore } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { pageOf, type Page } from '../../platform/pagination';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { expireOrders } from './expire-orders';
import { toOrders } from './to-order';

const MINUTE_MS = 60_000;

/**
 * Where a page ends: the overdue cut-off the first page was read with (so every page sorts
 * the same way), whether the last row was overdue, and its id.
 */
interface OrdersCursor {
  overdueBefore: string;
  overdue: 0 | 1;
  id: number;
}

function encodeOrdersCursor(cursor: OrdersCursor): string {
  return Buffer.from(`${cursor.overdueBefore}|${cursor.overdue}|${cursor.id}`).toString(
    'base64url',
  );
}

/** The cursor's parts; a 400 for one this server did not write. */
function decodeOrdersCursor(cursor: string): OrdersCursor {
  const [at, overdue, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !at ||
    Number.isNaN(Date.parse(at)) ||
    (overdue !== '0' && overdue !== '1') ||
    !id ||
    !/^\d{1,10}$/.test(id)
  ) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  return { overdueBefore: new Date(at).toISOString(), overdue: overdue === '1' ? 1 : 0, id: +id };
}

/**
 * Orders by state, chat or customer (every order for agents, their own for a customer), or
 * (agents) the open ones whose deposit needs attention: overdue ones first, each group newest
 * first. Agents' orders carry the first image seen before that was sent in the order. Overdue:
 * the deposit was confirmed at least
 * PAYOUT_SLA_MINUTES ago and the payout is not yet sent.
 */
export async function listOrders(
  options: z.output<typeof ordersQuerySchema> & {
    db: Db;
    events: EventLog;
    caller: SessionUser;
    now: Date;
    payoutSlaMinutes: number;
  },
): Promise<Page<Order>> {
  const { db, events, caller, now, state, attention, chatSessionId, customerId, cursor, limit } =
    options;
  const agent = isAgent(caller);
  if (attention && !agent) {
    throw new AppError('forbidden', "Only agents see the desk's deposit problems");
  }
  const after = cursor === undefined ? null : decodeOrdersCursor(cursor);
  const overdueBefore =
    after?.overdueBefore ??
    new Date(now.getTime() - options.payoutSlaMinutes * MINUTE_MS).toISOString();
  await expireOrders({ db, events, now });
  const overdue: SQL<number> = sql`(case when ${orders.state} = 'deposit_confirmed' and ${orders.depositConfirmedAt} <= ${overdueBefore}::timestamptz then 1 else 0 end)`;
  const rows = await db
    .select({ row: orders, overdue })
    .from(orders)
    .where(
      and(
        agent ? undefined : eq(orders.customerId, caller.id),
        state ? eq(orders.state, state) : undefined,
        attention === 'deposit' ? depositNeedsAttention : undefined,
        chatSessionId ? eq(orders.chatSessionId, chatSessionId) : undefined,
        customerId ? eq(orders.customerId, customerId) : undefined,
        after ? sql`(${overdue}, ${orders.id}) < (${after.overdue}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(overdue), desc(orders.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit, (last) =>
    encodeOrdersCursor({
      overdueBefore,
      overdue: Number(last.overdue) === 1 ? 1 : 0,
      id: last.row.id,
    }),
  );
  const items = await toOrders(
    db,
    page.items.map((r) => r.row),
  );
  if (!agent) return { items, nextCursor: page.nextCursor };
  const seen = await imagesSeenBefore(
    db,
    items.map((o) => o.id),
  );
  return {
    items: items.map((o) => {
      const image = seen.get(o.id);
      return image ? { ...o, imageSeenBefore: image } : o;
    }),
    nextCursor: page.nextCursor,
  };
}

/** An image sent in the order's chat since the order began was seen before elsewhere. */
const imageSentSeenBefore = sql`exists (select 1 from ${messages} where ${messages.chatSessionId} = ${orders.chatSessionId} and ${messages.imageSeenBefore} is not null and ${messages.createdAt} >= ${orders.createdAt})`;

/** Confirmed by an agent's hand (not the chain) at fewer confirmations than required. */
const handConfirmedBelowCount = sql`(${orders.depositConfirmedAt} is not null and not ${orders.chainWatchConfirmed} and (${orders.chainConfirmations} is null or ${orders.chainConfirmationsRequired} is null or ${orders.chainConfirmations} < ${orders.chainConfirmationsRequired}))`;

/**
 * "Deposit problems" (`attention=deposit`): an open order whose deposit has a problem the
 * watcher recorded (not found, wrong address, short or over beyond the tolerance, late, old, a
 * reorganised block, a payment it could not attach), was first seen after the rate lock ended,
 * was confirmed by hand below the required confirmations, or came with an image seen before.
 * `depositAttention` (shared) says the same of an order on screen.
 */
const depositNeedsAttention = and(
  inArray(orders.state, OPEN_ORDER_STATES),
  or(
    isNotNull(orders.chainProblem),
    isNotNull(orders.chainAmountOffCrypto),
    gt(orders.chainFirstSeenAt, orders.expiresAt),
    handConfirmedBelowCount,
    imageSentSeenBefore,
  ),
);

/** Per order, the first image sent in its chat since it began that was seen before. */
async function imagesSeenBefore(db: Db, ids: number[]): Promise<Map<number, ImageSeenBefore>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ orderId: orders.id, seen: messages.imageSeenBefore })
    .from(orders)
    .innerJoin(
      messages,
      and(
        eq(messages.chatSessionId, orders.chatSessionId),
        isNotNull(messages.imageSeenBefore),
        gte(messages.createdAt, orders.createdAt),
      ),
    )
    .where(inArray(orders.id, ids))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const byOrder = new Map<number, ImageSeenBefore>();
  for (const { orderId, seen } of found) {
    if (seen && !byOrder.has(orderId)) byOrder.set(orderId, seen);
  }
  return byOrder;
}
