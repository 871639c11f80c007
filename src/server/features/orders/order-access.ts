import { eq } from 'drizzle-orm';
import type { OrderActor } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { isAdmin, isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import type { OrderRow } from './to-order';

/** The order, if the caller may see it: its customer, or any agent. Anyone else: not found. */
export async function orderForCaller(options: {
  db: Db;
  caller: SessionUser;
  id: number;
}): Promise<OrderRow> {
  const { db, caller, id } = options;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || (!isAgent(caller) && row.customerId !== caller.id)) {
    throw new AppError('not_found', 'Order not found');
  }
  return row;
}

/** How the timeline names the caller. */
export function actorOf(caller: SessionUser): OrderActor {
  if (isAdmin(caller)) return 'admin';
  return isAgent(caller) ? 'agent' : 'customer';
}

/** Steps only the order's own customer takes (accept, deposit, received). */
export function assertOrderCustomer(caller: SessionUser, order: OrderRow, what: string): void {
  if (order.customerId !== caller.id) {
    throw new AppError('forbidden', `Only the order's customer can ${what}`);
  }
}
