import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { chatSessionKeys } from './keys';

/** GET /api/chat-sessions/:id: whose chat it is, its status, its agent. */
export function getChatSession(id: number, signal?: AbortSignal): Promise<ChatSession> {
  return apiGet(`/api/chat-sessions/${id}`, chatSessionSchema, { signal });
}

export function chatSessionQuery(id: number) {
  return queryOptions({
    queryKey: chatSessionKeys.detail(id),
    queryFn: ({ signal }) => getChatSession(id, signal),
  });
}

/** One session; none is asked for while `id` is null (no session in the address). */
export function useChatSession(id: number | null) {
  return useQuery({ ...chatSessionQuery(id ?? 0), enabled: id !== null });
}
