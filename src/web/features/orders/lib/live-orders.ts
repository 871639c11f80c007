import type { LiveCapability } from '../../../lib/live-cache';
import { orderKeys } from '../api/keys';
import { upsertOrder } from './order-cache';

/**
 * Orders, live: 'order.created' and 'order.updated' (they reach the chat's customer and the
 * agents) go into every cached list of orders, shown or not.
 */
export const liveOrders: LiveCapability = {
  on: {
    'order.created': (queryClient, event) => upsertOrder(queryClient, event.order),
    'order.updated': (queryClient, event) => upsertOrder(queryClient, event.order),
  },
  roots: [orderKeys.all],
};
