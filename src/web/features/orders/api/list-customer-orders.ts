import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPageSchema, type Order } from '../../../../shared/api/orders';
import { apiGet } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** How many of a customer's orders the inbox's side panel lists. */
export const CUSTOMER_ORDERS_LIMIT = 20;

/** GET /api/orders?customerId=: one customer's orders, overdue first, then newest (agents). */
export async function listCustomerOrders(customerId: string): Promise<Order[]> {
  const params = new URLSearchParams({ customerId, limit: String(CUSTOMER_ORDERS_LIMIT) });
  const page = await apiGet(`/api/orders?${params}`, orderPageSchema);
  return page.items;
}

export const customerOrdersQuery = (customerId: string) =>
  queryOptions({
    queryKey: orderKeys.customer(customerId),
    // Read again each time a chat of this customer opens in the inbox.
    staleTime: 0,
    queryFn: () => listCustomerOrders(customerId),
  });

export function useCustomerOrders(customerId: string) {
  return useQuery(customerOrdersQuery(customerId));
}
