import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  chatSessionPageSchema,
  type ChatListFilter,
  type ChatSessionPage,
} from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';

export type { ChatListFilter };

const PAGE_SIZE = 30;

/** Every agent list of sessions lives under this key, so realtime events reach them all. */
export const AGENT_SESSIONS_KEY = 'agent-sessions';

export function listChatSessions(options: {
  filter: ChatListFilter;
  q: string;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<ChatSessionPage> {
  const params = new URLSearchParams({ filter: options.filter, limit: String(PAGE_SIZE) });
  if (options.q) params.set('q', options.q);
  if (options.cursor) params.set('cursor', options.cursor);
  return apiGet(`/api/chat-sessions/all?${params}`, chatSessionPageSchema, {
    signal: options.signal,
  });
}

/** `me`: the viewer's id, which Mine and Locked depend on (and so their cached lists). */
export function chatSessionsQuery(filter: ChatListFilter, q: string, me: string | null = null) {
  return infiniteQueryOptions({
    queryKey: [AGENT_SESSIONS_KEY, 'list', filter, q, me] as const,
    queryFn: ({ pageParam, signal }) => listChatSessions({ filter, q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `me`: the signed-in agent's id (Mine and Locked are theirs). */
export function useChatSessions(filter: ChatListFilter, q: string, me: string | null = null) {
  return useInfiniteQuery(chatSessionsQuery(filter, q, me));
}
