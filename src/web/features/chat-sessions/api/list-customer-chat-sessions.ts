import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatSessionPageSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { chatSessionKeys } from './keys';

/** How many of a customer's chats the inbox's side panel lists, newest first. */
export const CUSTOMER_CHATS_LIMIT = 20;

/** GET /api/chat-sessions/all?customerId=: one customer's chats, newest first (agents). */
export async function listCustomerChatSessions(customerId: string): Promise<ChatSession[]> {
  const params = new URLSearchParams({ customerId, limit: String(CUSTOMER_CHATS_LIMIT) });
  const page = await apiGet(`/api/chat-sessions/all?${params}`, chatSessionPageSchema);
  return page.items;
}

export const customerChatSessionsQuery = (customerId: string) =>
  queryOptions({
    queryKey: chatSessionKeys.customer(customerId),
    // Read again each time a chat of this customer opens in the inbox.
    staleTime: 0,
    queryFn: () => listCustomerChatSessions(customerId),
  });

export function useCustomerChatSessions(customerId: string) {
  return useQuery(customerChatSessionsQuery(customerId));
}
