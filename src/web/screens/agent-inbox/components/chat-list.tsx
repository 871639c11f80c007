import { MessagesSquare, SearchX } from 'lucide-react';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { Button } from '../../../components/ui/button';
import { ChatRow } from './chat-row';
import { LoadMore } from '../../../components/load-more';

export function ChatList({
  viewer,
  sessions,
  openId = null,
  search,
  status,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
}: {
  /** Who is looking: a chat's order marker is shown when the order waits on them. */
  viewer: { isAgent: boolean; isAdmin: boolean };
  sessions: readonly ChatSession[];
  /** The chat open beside the list, marked in it. */
  openId?: number | null;
  /** The search the list answers ('' for none): an empty answer then means no match. */
  search: string;
  status: 'pending' | 'error' | 'success';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}) {
  if (status === 'pending') {
    return (
      <p role="status" className="px-4 py-12 text-center text-ink-muted">
        Loading chats...
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="px-4 py-12 text-center">
        <p className="font-semibold text-down">Failed to fetch chat sessions</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (sessions.length === 0 && search) {
    return (
      <div className="px-4 py-12 text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <SearchX aria-hidden className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-bold break-words">No chats match “{search}”</h2>
        <p className="mt-1 text-ink-muted">Try another name or email, or another tab.</p>
      </div>
    );
  }
  if (sessions.length === 0) {
    return (
      <div className="px-4 py-12 text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <MessagesSquare aria-hidden className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-bold">No conversations</h2>
        <p className="mt-1 text-ink-muted">
          Customer chats will appear here when they contact agents.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Chats" className="flex flex-col">
        {sessions.map((session) => (
          <ChatRow
            key={session.id}
            session={session}
            viewer={viewer}
            active={session.id === openId}
          />
        ))}
      </ul>
      {hasMore && <LoadMore onLoad={onLoadMore} loading={loadingMore} />}
    </>
  );
}
