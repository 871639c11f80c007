import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPageSchema, type Order } from '../../../../shared/api/orders';
import { apiGet } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** How many of a chat's orders the chat shows: the open one, if any, is always the newest. */
const CHAT_ORDERS_LIMIT = 5;

/** GET /api/orders?chatSessionId=: the chat's orders, newest first. */
export async function listChatOrders(chatSessionId: number): Promise<Order[]> {
  const page = await apiGet(
    `/api/orders?chatSessionId=${chatSessionId}&limit=${CHAT_ORDERS_LIMIT}`,
    orderPageSchema,
  );
  return page.items;
}

export const chatOrdersQuery = (chatSessionId: number) =>
  queryOptions({
    queryKey: orderKeys.chat(chatSessionId),
    queryFn: () => listChatOrders(chatSessionId),
  });

export function useChatOrders(chatSessionId: number) {
  return useQuery(chatOrdersQuery(chatSessionId));
}
