import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** GET /api/chat-sessions/:id: whose chat it is, and its status, for Process Transaction. */
export function getChatSession(id: number, signal?: AbortSignal): Promise<ChatSession> {
  return apiGet(`/api/chat-sessions/${id}`, chatSessionSchema, { signal });
}

export function useChatSessionInfo(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: transactionKeys.chatSession(id ?? 0),
      queryFn: ({ signal }) => getChatSession(id!, signal),
      enabled: id !== null,
    }),
  );
}
