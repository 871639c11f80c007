import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { formatChatDate } from '../../../../shared/dates';
import { UnreadBadge } from '../../../features/agent-alerts';
import { customerNumber } from '../../../features/customers';
import {
  CategoryBadge,
  DeskBadge,
  isDesk,
  PriorityBadge,
} from '../../../components/session-badges';

/** One of the dashboard's "Active Conversations": opens the chat at /?chat={id}. */
export function DashboardRow({ session }: { session: ChatSession }) {
  return (
    <li data-testid="active-conversation" data-session-id={session.id}>
      <Link
        to={`/?chat=${session.id}`}
        className="flex items-center gap-3 rounded-2xl px-3 py-3 hover:bg-brand-50/60 sm:px-4"
      >
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="truncate font-semibold">{customerNumber(session.customerId)}</span>
            <UnreadBadge sessionId={session.id} className="self-center" />
            <span className="ml-auto shrink-0 text-xs text-ink-muted">
              {formatChatDate(session.lastMessageAt ?? session.updatedAt)}
            </span>
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <span className="mr-auto">Session #{session.id}</span>
            {/* A desk's chat says its desk (BTC / USDT); other categories keep the spec's badge. */}
            {isDesk(session.category) ? (
              <DeskBadge category={session.category} />
            ) : (
              <CategoryBadge category={session.category} />
            )}
            <PriorityBadge priority={session.priority} />
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-ink-muted" />
      </Link>
    </li>
  );
}
