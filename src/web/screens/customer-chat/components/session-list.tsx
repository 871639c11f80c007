import { Camera, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { cn } from '../../../lib/cn';
import { TradeOutcome, useLatestSettledTrades } from '../../../features/transactions';
import {
  categoryDetails,
  formatChatListDate,
  agentNameFor,
  CoinAvatar,
} from '../../../features/messages';

function Preview({ session }: { session: ChatSession }) {
  const last = session.lastMessage;
  if (!last) return <>No messages yet</>;
  const mine = last.senderId === session.customerId;
  return (
    <>
      {mine && <span className="text-ink-muted">You: </span>}
      {last.messageType === 'image' && (
        <Camera aria-hidden className="mr-1 inline size-4 align-[-3px]" />
      )}
      {last.content || (last.messageType === 'image' ? 'Screenshot' : '')}
    </>
  );
}

/**
 * The customer's conversations, newest first; each opens its chat. A chat whose newest trade
 * was settled says so on its card, live ("Paid ₦…" or "Failed: not paid").
 */
export function SessionList({
  sessions,
  activeId,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  sessions: readonly ChatSession[];
  activeId?: number;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const trades = useLatestSettledTrades(sessions[0]?.customerId);
  if (loading) {
    return (
      <ul aria-hidden className="flex flex-col">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-3">
            <span className="size-11 animate-pulse rounded-full bg-line" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-32 animate-pulse rounded bg-line" />
              <span className="h-3 w-48 animate-pulse rounded bg-line/70" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (sessions.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <MessagesSquare aria-hidden className="size-6" />
        </span>
        <p className="mt-3 font-medium text-ink">No conversations yet</p>
        <p className="mt-1 text-sm text-ink-muted">Choose Bitcoin or USDT to start one.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-line/60" data-testid="session-list">
        {sessions.map((session) => {
          const details = categoryDetails(session.category);
          const active = session.id === activeId;
          const when = session.lastMessage?.createdAt ?? session.createdAt;
          const trade = trades.get(session.id);
          return (
            <li key={session.id}>
              <Link
                to={`/chat/${session.id}`}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 px-4 py-3 transition-colors',
                  active ? 'bg-brand-50' : 'hover:bg-canvas',
                )}
              >
                <CoinAvatar symbol={details.symbol} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold text-ink">{details.title}</span>
                    <time dateTime={when} className="shrink-0 text-xs text-ink-muted tabular-nums">
                      {formatChatListDate(when)}
                    </time>
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-ink-muted">
                    <span className="font-medium text-brand-800">{agentNameFor(session)}</span>
                    <span aria-hidden> · </span>
                    <Preview session={session} />
                  </span>
                  {trade && <TradeOutcome transaction={trade} className="mt-0.5 block text-sm" />}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <div className="p-3 text-center">
          <button
            type="button"
            onClick={onLoadMore}
            disabled={loadingMore}
            className="min-h-11 rounded-xl px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            {loadingMore ? 'Loading...' : 'Show older conversations'}
          </button>
        </div>
      )}
    </>
  );
}
