import { Link } from 'react-router';
import type { AdminSession } from '../../../../shared/api/reports';
import type { ChatCategory, ChatStatus } from '../../../../shared/domain';
import { CATEGORY_LABELS, CHAT_STATUS_LABELS } from '../../../lib/labels';
import { cn } from '../../../lib/cn';
import { useSessions, type SessionFilter } from '../../../features/reports';
import { formatDate } from '../lib/format';
import { formatCount } from '../lib/metrics';
import { Badge, type BadgeTone } from '../../../components/badge';
import { ListField } from '../../../components/list-field';
import { ListCard } from './list-parts';

const FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'bitcoin', label: 'Bitcoin' },
  { value: 'usdt', label: 'USDT' },
] as const satisfies readonly { value: SessionFilter; label: string }[];

const CATEGORY_TONES: Record<ChatCategory, BadgeTone> = {
  bitcoin: 'orange',
  usdt: 'teal',
  payment: 'blue',
  subscription: 'green',
  general: 'purple',
};

const STATUS_TONES: Record<ChatStatus, BadgeTone> = {
  open: 'blue',
  active: 'green',
  closed: 'grey',
};

const GRID = 'md:grid-cols-[8.5rem_6rem_minmax(0,1fr)_minmax(0,1fr)_6.5rem_7.5rem] md:items-center';

function SessionRow({ session }: { session: AdminSession }) {
  return (
    <li
      data-testid="session-row"
      data-session-id={session.id}
      className={cn('grid grid-cols-2 gap-x-3 gap-y-3 px-4 py-4 md:gap-4 md:px-6', GRID)}
    >
      <div className="flex min-w-0 items-center gap-2">
        <Badge
          tone={CATEGORY_TONES[session.category]}
          className="whitespace-nowrap"
          data-testid="session-category"
        >
          {CATEGORY_LABELS[session.category]}
        </Badge>
        <Link
          to={`/chat/${session.id}`}
          data-testid="session-id"
          className="-my-2.5 inline-flex min-h-11 min-w-11 items-center font-semibold text-brand-800 tabular-nums underline-offset-2 hover:underline"
        >
          #{session.id}
        </Link>
      </div>
      <div className="text-right md:text-left">
        <Badge
          tone={STATUS_TONES[session.status]}
          className="whitespace-nowrap"
          data-testid="session-status"
        >
          {CHAT_STATUS_LABELS[session.status]}
        </Badge>
      </div>
      <ListField label="Customer" testId="session-customer">
        <span className="block truncate font-semibold">{session.customer.name}</span>
      </ListField>
      <ListField label="Agent" testId="session-agent">
        <span className={cn('block truncate', !session.agent && 'text-ink-muted italic')}>
          {session.agent ? session.agent.name : 'Unassigned'}
        </span>
      </ListField>
      <ListField label="Transactions" testId="session-transactions" className="md:text-right">
        {formatCount(session.transactionCount)}
      </ListField>
      <ListField label="Created" testId="session-created" className="md:text-right">
        {formatDate(session.createdAt)}
      </ListField>
    </li>
  );
}

/** The Sessions tab: every chat, by state or currency, searchable by customer or id. */
export function SessionsTab() {
  return (
    <ListCard
      label="Sessions"
      testId="sessions-list"
      filter={{ label: 'Show', options: FILTER_OPTIONS, className: 'sm:w-96' }}
      searchPlaceholder="Search name, email or id"
      useList={useSessions}
      emptyHint="New chats will appear here"
      grid={GRID}
      columns={[
        { label: 'Session' },
        { label: 'Status' },
        { label: 'Customer' },
        { label: 'Agent' },
        { label: 'Transactions', className: 'text-right' },
        { label: 'Created', className: 'text-right' },
      ]}
      row={(session) => <SessionRow key={session.id} session={session} />}
    />
  );
}
