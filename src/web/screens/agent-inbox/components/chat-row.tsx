import { FileText, Hourglass, ImageIcon, Mic, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { formatChatDate } from '../../../../shared/dates';
import { initials } from '../../../../shared/names';
import { UnreadBadge } from '../../../features/agent-alerts';
import { StatusMenu, customerLabel } from '../../../features/customers';
import { CustomerStatusBadge } from '../../../components/customer-status-badge';
import { DeskBadge } from '../../../components/session-badges';
import { OrderWaitingBadge } from '../../../features/orders';
import { formatSeconds } from '../../../features/service-metrics';
import { WhatsappBadge } from '../../../features/whatsapp';
import { cn } from '../../../lib/cn';
import { useAppConfig } from '../../../lib/app-config';
import { useWaitLevel } from '../lib/wait-level';

/** A message that carries a file, in the list: its kind's icon, and its caption or kind. */
const FILE_PREVIEWS: Partial<
  Record<
    NonNullable<ChatSession['lastMessage']>['messageType'],
    { icon: LucideIcon; label: string }
  >
> = {
  image: { icon: ImageIcon, label: 'Photo' },
  document: { icon: FileText, label: 'Document' },
  audio: { icon: Mic, label: 'Audio' },
};

function Preview({ session }: { session: ChatSession }) {
  const last = session.lastMessage;
  if (!last) return <span className="text-ink-muted italic">No messages yet</span>;
  const file = FILE_PREVIEWS[last.messageType];
  if (file) {
    const Icon = file.icon;
    return (
      <span className="inline-flex items-center gap-1.5">
        <Icon aria-hidden className="size-4 shrink-0" />
        {file.label}
      </span>
    );
  }
  return <>{last.content}</>;
}

/**
 * The customer's wait for a reply, in words as well as colour: amber from half of
 * FIRST_RESPONSE_TARGET_MINUTES, red from the target. With the badges under the preview, so
 * the preview keeps its width on a phone.
 */
function WaitBadge({ waitingSince }: { waitingSince: string | null }) {
  const { firstResponseTargetMinutes: target } = useAppConfig();
  const level = useWaitLevel(waitingSince, target);
  if (level === 'none') return null;
  const over = level === 'red' ? target * 60 : target * 30;
  return (
    <span
      data-testid="chat-row-wait"
      data-level={level}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs leading-4 font-semibold ring-1 ring-inset',
        level === 'red'
          ? 'bg-down-soft text-down ring-down/30'
          : 'bg-yellow-50 text-yellow-900 ring-yellow-600/40',
      )}
    >
      <Hourglass aria-hidden className="size-3" />
      Waiting over {formatSeconds(over)}
    </span>
  );
}

/** A plain agent, unless a row is told otherwise. */
const AGENT = { isAgent: true, isAdmin: false };

/**
 * One chat in the agent list: opens the conversation in the inbox (/agent/chats/{id}); the menu
 * sets the customer's status. A marker says when the chat's order waits on the viewer.
 */
export function ChatRow({
  session,
  now,
  viewer = AGENT,
  active = false,
}: {
  session: ChatSession;
  now?: Date;
  viewer?: { isAgent: boolean; isAdmin: boolean };
  /** The chat open beside the list (wide screens). */
  active?: boolean;
}) {
  const label = customerLabel(session.customer);
  const unassigned = session.agentId === null;
  const at = session.lastMessage?.createdAt ?? session.lastMessageAt;
  // A resolved chat waits on nobody, whatever its last message was.
  const waitingSince = session.status === 'closed' ? null : session.waitingSince;
  return (
    <li data-testid="chat-row" data-session-id={session.id} className="flex items-center gap-1">
      <Link
        to={`/agent/chats/${session.id}`}
        aria-current={active ? 'page' : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl px-2 py-3 hover:bg-brand-50/60 aria-[current=page]:bg-brand-50 sm:px-3"
      >
        <span
          aria-hidden
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initials(session.customer)}
        </span>
        <span className="min-w-0 flex-1">
          {/* The name has the line to itself: a long one wraps to a second line, then ends in
              "…", and the title has it whole. The preview has the next line, and the badges
              (desk, status, the order and the wait, in words) the one under it, wrapping on a
              phone rather than pushing the row wider than the screen. */}
          <span className="flex items-start gap-2">
            <span
              data-testid="chat-row-name"
              title={label}
              className="line-clamp-2 min-w-0 flex-1 font-semibold break-words"
            >
              {label}
            </span>
            <span
              data-testid="chat-row-time"
              className="mt-0.5 ml-auto shrink-0 text-xs text-ink-muted"
            >
              {at ? formatChatDate(at, { now }) : ''}
            </span>
          </span>
          <span className="mt-1 flex items-center gap-2">
            <span
              data-testid="chat-row-preview"
              className="min-w-0 flex-1 truncate text-sm text-ink-muted"
            >
              <Preview session={session} />
            </span>
            <UnreadBadge sessionId={session.id} />
            {unassigned && (
              <span
                role="img"
                aria-label="No agent assigned"
                data-testid="unassigned-dot"
                className="size-2.5 shrink-0 rounded-full bg-up"
              />
            )}
          </span>
          <span className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <DeskBadge category={session.category} />
            {session.customer.whatsappNumber && (
              <WhatsappBadge number={session.customer.whatsappNumber} />
            )}
            <CustomerStatusBadge status={session.customer.customerStatus} />
            <OrderWaitingBadge waiting={session.orderWaiting} viewer={viewer} />
            <WaitBadge waitingSince={waitingSince} />
          </span>
        </span>
      </Link>
      <StatusMenu customer={session.customer} />
    </li>
  );
}
