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
import { ListCard, ListRow, StatusField, type ListColumn } from './list-parts';

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

const COLUMNS: ListColumn[] = [
  { label: 'Session', width: '8.5rem' },
  { label: 'Status', width: '6rem' },
  { label: 'Customer', width: 'minmax(0,1fr)' },
  { label: 'Agent', width: 'minmax(0,1fr)' },
  { label: 'Transactions', width: '6.5rem', className: 'text-right' },
  { label: 'Created', width: '7.5rem', className: 'text-right' },
];

function SessionRow({ session }: { session: AdminSession }) {
  return (
    <ListRow data-testid="session-row" data-session-id={session.id} className="grid-cols-2 gap-x-3">
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
      <StatusField tone={STATUS_TONES[session.status]} testId="session-status">
        {CHAT_STATUS_LABELS[session.status]}
      </StatusField>
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
    </ListRow>
  );
}

/** The Sessions tab: every chat, by state or currency, searchable by customer or id. */
export function SessionsTab() {
  return (
    <ListCard
      label="Sessions"
      filter={{ label: 'Show', options: FILTER_OPTIONS, className: 'sm:w-96' }}
      searchPlaceholder="Search name, email or id"
      useList={useSessions}
      emptyHint="New chats will appear here"
      columns={COLUMNS}
      row={(session) => <SessionRow key={session.id} session={session} />}
    />
  );
}
