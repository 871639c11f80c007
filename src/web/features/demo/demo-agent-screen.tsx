import { FilterTabs } from '../../components/filter-tabs';
import { format } from 'date-fns';
import { ArrowLeft, Search } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEMO_CUSTOMER_ID, type DemoSession } from '../../../shared/api/demo';
import { displayName, initials } from '../../../shared/names';
import { BrandMark } from '../../components/brand-mark';
import { useAppConfig } from '../../lib/app-config';
import { CategoryBadge, PriorityBadge } from '../../components/session-badges';
import { useDemoMessages } from './api/demo-messages';
import { useDemoSessions } from './api/demo-sessions';
import { Bubble } from './components/bubble';
import { DemoOnly } from './components/demo-only';
import { DemoStatusMenu } from './components/demo-status-menu';

type Filter = 'all' | 'unread' | 'active';

const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'active', label: 'Active' },
];

/** The demo's rule: open counts as unread, active as active. */
function matchesFilter(session: DemoSession, filter: Filter): boolean {
  if (filter === 'unread') return session.status === 'open';
  if (filter === 'active') return session.status === 'active';
  return true;
}

/** Case-insensitive substring of the customer's name, email or the category. */
function matchesSearch(session: DemoSession, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [displayName(session.customer), session.customer.email ?? '', session.category].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

function Avatar({ session, size = 'md' }: { session: DemoSession; size?: 'md' | 'sm' }) {
  return (
    <span
      aria-hidden
      className={
        size === 'md'
          ? 'inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800'
          : 'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-300 font-semibold text-brand-950'
      }
    >
      {initials(session.customer)}
    </span>
  );
}

function Header({ children }: { children: ReactNode }) {
  return (
    <header className="on-dark bg-brand-950 text-white">
      <div className="mx-auto flex min-h-16 max-w-3xl items-center gap-2 px-2 py-2 sm:px-4">
        {children}
      </div>
    </header>
  );
}

function OnlineIndicator() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold">
      <span aria-hidden className="size-2 rounded-full bg-brand-300" />
      Online
    </span>
  );
}

function SessionRow({ session, onOpen }: { session: DemoSession; onOpen: () => void }) {
  const name = displayName(session.customer);
  return (
    <li data-testid="demo-session-row" className="flex items-center gap-1">
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl px-2 py-3 text-left hover:bg-brand-50/60 sm:px-3"
      >
        <Avatar session={session} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{name}</span>
          <span className="mt-1 flex flex-wrap items-center gap-1.5">
            <CategoryBadge category={session.category} />
            <PriorityBadge priority={session.priority} />
            <span className="text-xs text-ink-muted tabular-nums">
              {format(new Date(session.updatedAt), 'MMM d, HH:mm')}
            </span>
          </span>
        </span>
      </button>
      <DemoStatusMenu
        customerId={session.customerId}
        status={session.customer.customerStatus}
        name={name}
      />
    </li>
  );
}

function SessionList({ onOpen }: { onOpen: (id: number) => void }) {
  const { brandName } = useAppConfig();
  const sessions = useDemoSessions();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const shown = useMemo(
    () => (sessions.data ?? []).filter((s) => matchesFilter(s, filter) && matchesSearch(s, search)),
    [sessions.data, filter, search],
  );
  const searching = search.trim() !== '';

  let body: ReactNode;
  if (sessions.isPending) {
    body = (
      <p role="status" className="px-4 py-12 text-center text-ink-muted">
        Loading conversations...
      </p>
    );
  } else if (sessions.isError) {
    body = (
      <p role="alert" className="px-4 py-12 text-center font-semibold text-down">
        Failed to fetch chat sessions
      </p>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="px-4 py-12 text-center">
        <p className="font-semibold">No conversations found</p>
        <p className="mt-1 text-sm text-ink-muted">
          {searching ? 'Try adjusting your search' : 'New conversations will appear here'}
        </p>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Conversations" className="flex flex-col divide-y divide-line">
        {shown.map((session) => (
          <SessionRow key={session.id} session={session} onOpen={() => onOpen(session.id)} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <Header>
        <Link
          to="/"
          className="shrink-0 rounded-lg p-1 max-sm:hidden"
          aria-label={`${brandName} home`}
        >
          <BrandMark name={brandName} tone="light" className="[&>span]:sr-only" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-bold tracking-tight sm:text-xl">
          Agent Chat Management
        </h1>
        <OnlineIndicator />
      </Header>
      <main className="mx-auto w-full max-w-3xl sm:px-4 sm:py-6">
        <section className="bg-surface sm:rounded-3xl sm:shadow-card sm:ring-1 sm:ring-black/5">
          <div className="p-3 sm:p-5">
            <div className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-muted"
              />
              <input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Search customers..."
                aria-label="Search customers..."
                className="h-12 w-full rounded-2xl border border-line bg-canvas pr-4 pl-11 text-[15px] placeholder:text-ink-muted focus:border-brand-600 focus:bg-surface focus:ring-2 focus:ring-brand-600/40 focus:outline-none"
              />
            </div>
          </div>
          <FilterTabs
            value={filter}
            onChange={setFilter}
            options={FILTERS}
            label="Filter conversations"
            contentClassName="p-1 sm:p-2"
          >
            {body}
          </FilterTabs>
        </section>
      </main>
    </>
  );
}

function SessionView({ session, onBack }: { session: DemoSession; onBack: () => void }) {
  const messages = useDemoMessages(session.id);
  const name = displayName(session.customer);
  return (
    <div className="flex h-dvh flex-col">
      <Header>
        <button
          type="button"
          onClick={onBack}
          aria-label="Back"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl hover:bg-white/10"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </button>
        <Avatar session={session} size="sm" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold">{name}</h1>
          <p className="truncate text-sm text-brand-100/90 capitalize">
            {session.category} · {session.status}
          </p>
        </div>
        <DemoStatusMenu
          customerId={session.customerId}
          status={session.customer.customerStatus}
          name={name}
          onDark
        />
      </Header>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
        {messages.isPending ? (
          <p role="status" className="py-10 text-center text-ink-muted">
            Loading messages...
          </p>
        ) : !messages.data?.length ? (
          <p className="py-10 text-center text-ink-muted">
            No messages yet. Start the conversation!
          </p>
        ) : (
          <ol aria-label="Messages" className="mx-auto flex max-w-3xl flex-col gap-2">
            {messages.data.map((m) => (
              <Bubble
                key={m.id}
                content={m.content}
                createdAt={m.createdAt}
                side={m.senderId === DEMO_CUSTOMER_ID ? 'left' : 'right'}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function DemoAgent() {
  const sessions = useDemoSessions();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = openId === null ? undefined : sessions.data?.find((s) => s.id === openId);
  return (
    <div className="min-h-dvh bg-canvas">
      {open ? (
        <SessionView session={open} onBack={() => setOpenId(null)} />
      ) : (
        <SessionList onOpen={setOpenId} />
      )}
    </div>
  );
}

/** /test-agent: the spec's demo agent chat management (read-only: no reply input). */
export default function DemoAgentScreen({ notFound }: { notFound: ReactNode }) {
  return (
    <DemoOnly notFound={notFound}>
      <DemoAgent />
    </DemoOnly>
  );
}
