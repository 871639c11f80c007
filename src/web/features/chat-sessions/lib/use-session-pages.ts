import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatSession, ChatSessionPage } from '../../../../shared/api/chat-sessions';
import { usePageItems } from '../../../lib/use-page-items';

/** A paged session list as one array, and a "load more" that never asks twice at once. */
export function useSessionPages(query: UseInfiniteQueryResult<InfiniteData<ChatSessionPage>>): {
  sessions: ChatSession[];
  loadMore: () => void;
} {
  const sessions = usePageItems(query);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { sessions, loadMore };
}
