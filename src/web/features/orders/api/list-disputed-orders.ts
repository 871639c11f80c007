import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPageSchema, type Order } from '../../../../shared/api/orders';
import { apiGet } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** How many disputed orders the admins' list shows at once (disputes are rare). */
export const DISPUTED_ORDERS_LIMIT = 100;

/** GET /api/orders?state=disputed: the orders waiting for an admin, newest first. */
export async function listDisputedOrders(): Promise<Order[]> {
  const page = await apiGet(
    `/api/orders?state=disputed&limit=${DISPUTED_ORDERS_LIMIT}`,
    orderPageSchema,
  );
  return page.items;
}

export const disputedOrdersQuery = queryOptions({
  queryKey: orderKeys.disputed,
  queryFn: listDisputedOrders,
});

export function useDisputedOrders() {
  return useQuery(disputedOrdersQuery);
}
