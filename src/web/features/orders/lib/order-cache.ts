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

/** The disputed orders with this one's news: in the list while disputed, out once resolved. */
export function withDisputed(orders: readonly Order[], order: Order): Order[] {
  const known = orders.find((o) => o.id === order.id);
  if (known && Date.parse(known.updatedAt) > Date.parse(order.updatedAt)) return [...orders];
  return order.state === 'disputed'
    ? withOrder(orders, order)
    : orders.filter((o) => o.id !== order.id);
}

/**
 * Writes an order (an answer or a realtime event) into its chat's list and the disputed
 * orders' list, when they have loaded (otherwise their fetch brings it).
 */
export function upsertOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<Order[]>(orderKeys.chat(order.chatSessionId), (orders) =>
    orders ? withOrder(orders, order) : orders,
  );
  queryClient.setQueryData<Order[]>(orderKeys.disputed, (orders) =>
    orders ? withDisputed(orders, order) : orders,
  );
}
