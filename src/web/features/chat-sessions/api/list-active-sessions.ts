import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { chatSessionPageSchema, type ChatSessionPage } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { AGENT_SESSIONS_KEY } from './list-chat-sessions';

const PAGE_SIZE = 50;

/** Sessions whose status is open or active: the dashboard's "Active Conversations". */
export function listActiveSessions(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ChatSessionPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiGet(`/api/chat-sessions/active?${params}`, chatSessionPageSchema, { signal });
}

export const activeSessionsQuery = infiniteQueryOptions({
  queryKey: [AGENT_SESSIONS_KEY, 'active'] as const,
  queryFn: ({ pageParam, signal }) => listActiveSessions(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useActiveSessions() {
  return useInfiniteQuery(activeSessionsQuery);
}
