import { Link } from 'react-router';
import { formatChatDate } from '../../../../shared/dates';
import { PanelList } from '../../../components/panel-list';
import { CHAT_STATUS_LABELS } from '../../../lib/labels';
import { useCustomerChatSessions } from '../api/list-customer-chat-sessions';
import { DeskBadge } from '../../../components/session-badges';

/**
 * A customer's chats in the agents' inbox, newest first, each opening in the inbox; the open one
 * is marked.
 */
export function CustomerChats({
  customerId,
  customerName,
  openId,
}: {
  customerId: string;
  customerName: string;
  openId: number;
}) {
  const chats = useCustomerChatSessions(customerId);
  return (
    <PanelList
      label={`Chats of ${customerName}`}
      query={chats}
      empty="No chats"
      item={(chat) => (
        <li key={chat.id} data-testid="customer-chat" data-session-id={chat.id}>
          <Link
            to={`/agent/chats/${chat.id}`}
            aria-current={chat.id === openId ? 'page' : undefined}
            className="-mx-2 flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
          >
            <DeskBadge category={chat.category} />
            <span className="truncate">Chat #{chat.id}</span>
            <span className="text-ink-muted">{CHAT_STATUS_LABELS[chat.status]}</span>
            <span className="ml-auto shrink-0 text-xs text-ink-muted">
              {formatChatDate(chat.lastMessageAt ?? chat.createdAt)}
            </span>
          </Link>
        </li>
      )}
    />
  );
}
