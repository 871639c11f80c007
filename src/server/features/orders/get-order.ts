import type { Order } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { expireOrders } from './expire-orders';
import { orderForCaller } from './order-access';
import { toOrder } from './to-order';

/** One order for its customer or an agent (anyone else: 404), expired first if its lock ran out. */
export async function getOrder(options: {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  id: number;
  now: Date;
}): Promise<Order> {
  const { db, events, caller, id, now } = options;
  // Visibility first: someone else's order is not expired on their behalf either.
  await orderForCaller({ db, caller, id });
  await expireOrders({ db, events, now, orderId: id });
  return toOrder(db, await orderForCaller({ db, caller, id }));
}
