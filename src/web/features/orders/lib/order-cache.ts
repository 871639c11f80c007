import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/api/orders';
import { orderKeys } from '../api/keys';

/** The order in a chat's list: replaced where it is, or first when new (the list is newest first). */
export function withOrder(orders: readonly Order[], order: Order): Order[] {
  const index = orders.findIndex((o) => o.id === order.id);
  if (index === -1) return [order, ...orders].sort((a, b) => b.id - a.id);
  const known = orders[index]!;
  // An older answer arriving after a newer event must not step the card back.
  if (Date.parse(known.updatedAt) > Date.parse(order.updatedAt)) return [...orders];
  return orders.map((o) => (o.id === order.id ? order : o));
}

/**
 * Writes an order (an answer or a realtime event) into its chat's list, when that list has
 * loaded (otherwise the list's fetch brings it).
 */
export function upsertOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<Order[]>(orderKeys.chat(order.chatSessionId), (orders) =>
    orders ? withOrder(orders, order) : orders,
  );
}
