import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, ordersQuerySchema } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { pageOf, type Page } from '../../platform/pagination';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { expireOrders } from './expire-orders';
import { toOrders } from './to-order';

/** Orders newest first, by state or chat: every order for agents, their own for a customer. */
export async function listOrders(
  options: z.output<typeof ordersQuerySchema> & {
    db: Db;
    events: EventLog;
    caller: SessionUser;
    now: Date;
  },
): Promise<Page<Order>> {
  const { db, events, caller, now, state, chatSessionId, cursor, limit } = options;
  await expireOrders({ db, events, now });
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        isAgent(caller) ? undefined : eq(orders.customerId, caller.id),
        state ? eq(orders.state, state) : undefined,
        chatSessionId ? eq(orders.chatSessionId, chatSessionId) : undefined,
        cursor ? lt(orders.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit, (last) => String(last.id));
  return { items: await toOrders(db, page.items), nextCursor: page.nextCursor };
}
