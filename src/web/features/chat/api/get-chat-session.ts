import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { chatKeys } from '../chat-keys';

export function getChatSession(id: number, signal?: AbortSignal): Promise<ChatSession> {
  return apiGet(`/api/chat-sessions/${id}`, chatSessionSchema, { signal });
}

export function chatSessionQuery(id: number) {
  return queryOptions({
    queryKey: chatKeys.session(id),
    queryFn: ({ signal }) => getChatSession(id, signal),
  });
}

export function useChatSession(id: number) {
  return useQuery(chatSessionQuery(id));
}
