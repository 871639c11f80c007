import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/api/orders';
import { depositAttention } from '../../../../shared/orders/attention';
import { orderKeys, type StaffOrderFilter } from '../api/keys';

/** Whether `known` is newer than `order`: an older answer must not step a screen back. */
function isNewer(known: Order, order: Order): boolean {
  return Date.parse(known.updatedAt) > Date.parse(order.updatedAt);
}

/** The order in a chat's list: replaced where it is, or first when new (the list is newest first). */
export function withOrder(orders: readonly Order[], order: Order): Order[] {
  const index = orders.findIndex((o) => o.id === order.id);
  if (index === -1) return [order, ...orders].sort((a, b) => b.id - a.id);
  const known = orders[index]!;
  if (isNewer(known, order)) return [...orders];
  return orders.map((o) => (o.id === order.id ? order : o));
}

/**
 * A list of the orders in one state (the admins' disputes, payouts to approve) with this one's
 * news: in it while in that state, out once it has moved on.
 */
export function withOrderInState(
  orders: readonly Order[],
  order: Order,
  state: Order['state'],
): Order[] {
  const known = orders.find((o) => o.id === order.id);
  if (known && isNewer(known, order)) return [...orders];
  return order.state === state ? withOrder(orders, order) : orders.filter((o) => o.id !== order.id);
}

/** The disputed orders with this one's news: in the list while disputed, out once resolved. */
export function withDisputed(orders: readonly Order[], order: Order): Order[] {
  return withOrderInState(orders, order, 'disputed');
}

export type OrderPages = InfiniteData<{ items: Order[]; nextCursor: string | null }>;

/**
 * The order in a loaded Orders view: replaced where it is, first when new to it, out of it when
 * its state no longer matches the view's filter (the screen sorts what it shows).
 */
export function withStaffOrder(
  data: OrderPages,
  news: Order,
  filter: StaffOrderFilter,
): OrderPages {
  const known = data.pages.flatMap((p) => p.items).find((o) => o.id === news.id);
  if (known && isNewer(known, news)) return data;
  // Live news never carries the agents-only image flag: the list's answer keeps it.
  const order =
    news.imageSeenBefore || !known?.imageSeenBefore
      ? news
      : { ...news, imageSeenBefore: known.imageSeenBefore };
  const belongs =
    filter === 'all' ||
    filter === order.state ||
    (filter === 'deposit-problems' && depositAttention(order).length > 0);
  if (!known) {
    if (!belongs || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [order, ...first!.items] }, ...rest] };
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: belongs
        ? page.items.map((o) => (o.id === order.id ? order : o))
        : page.items.filter((o) => o.id !== order.id),
    })),
  };
}

/**
 * Writes an order (an answer or a realtime event) into its chat's list, its customer's list
 * (the inbox's side panel), the admins' disputed orders and payouts to approve, and every Orders
 * view, where they have loaded (otherwise their fetch brings it).
 */
export function upsertOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<Order[]>(orderKeys.chat(order.chatSessionId), (orders) =>
    orders ? withOrder(orders, order) : orders,
  );
  queryClient.setQueryData<Order[]>(orderKeys.customer(order.customerId), (orders) =>
    orders ? withOrder(orders, order) : orders,
  );
  queryClient.setQueryData<Order[]>(orderKeys.disputed, (orders) =>
    orders ? withDisputed(orders, order) : orders,
  );
  queryClient.setQueryData<Order[]>(orderKeys.payoutApprovals, (orders) =>
    orders ? withOrderInState(orders, order, 'payout_approval') : orders,
  );
  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.staffLists })) {
    const filter = query.queryKey[2] as StaffOrderFilter;
    queryClient.setQueryData<OrderPages>(query.queryKey, (data) =>
      data ? withStaffOrder(data, order, filter) : data,
    );
  }
}
