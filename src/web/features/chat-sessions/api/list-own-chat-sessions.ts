import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { chatSessionPageSchema, type ChatSessionPage } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { chatSessionKeys } from './keys';

const PAGE_SIZE = 20;

/** The signed-in customer's conversations, the most recently updated first. */
export function listOwnChatSessions(
  cursor?: string,
  signal?: AbortSignal,
): Promise<ChatSessionPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiGet(`/api/chat-sessions?${query}`, chatSessionPageSchema, { signal });
}

export const ownChatSessionsQuery = infiniteQueryOptions({
  queryKey: chatSessionKeys.own(),
  queryFn: ({ pageParam, signal }) => listOwnChatSessions(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useOwnChatSessions() {
  // A returning customer sees the list as it is now, not as it was when they left it.
  return useInfiniteQuery({ ...ownChatSessionsQuery, refetchOnMount: 'always' });
}
