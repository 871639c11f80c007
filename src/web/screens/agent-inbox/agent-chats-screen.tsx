import {
  Archive,
  Coins,
  LayoutDashboard,
  Lock,
  ReceiptText,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { AlertControls, useAgentAlerts, useAlertTitle } from '../../features/agent-alerts';
import { AgentPushPrompt } from '../../features/push';
import { RequireAgent, AgentLogoutButton, useGuardedUser } from '../../features/auth';
import { useChatSessions, type ChatListFilter } from '../../features/chat-sessions';
import { TopBar, TopBarRow, TopBarLink } from '../../components/top-bar';
import { ChatList } from './components/chat-list';
import { ConnectionIndicator } from '../../components/connection-indicator';
import { FilterTabs } from '../../components/filter-tabs';
import { RatesStrip } from './components/rates-strip';
import { SearchBox } from '../../components/search-box';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useLiveAgentSessions, useSessionPages } from '../../features/chat-sessions';

const FILTERS: readonly { value: ChatListFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  // The spec's Unread: chats waiting for an agent (the API's unassigned, ADR 018).
  { value: 'unread', label: 'Unread' },
  { value: 'active', label: 'Active' },
];

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The spec's "Locked chats" and "Archived" entries: the Locked (assigned to another agent) and
 * Archived (resolved) filters (ADR 018).
 */
function FolderEntries({
  filter,
  onChange,
}: {
  filter: ChatListFilter;
  onChange: (filter: ChatListFilter) => void;
}) {
  return (
    <ul className="mt-2 flex flex-col border-b border-line pb-2">
      {(
        [
          { icon: Lock, label: 'Locked chats', value: 'locked' },
          { icon: Archive, label: 'Archived', value: 'archived' },
        ] as const
      ).map(({ icon: Icon, label, value }) => (
        <li key={label}>
          <button
            type="button"
            aria-pressed={filter === value}
            onClick={() => onChange(filter === value ? 'all' : value)}
            className="flex min-h-11 w-full items-center gap-4 px-4 text-left text-sm font-medium text-ink-muted hover:bg-canvas aria-pressed:bg-brand-50 aria-pressed:text-brand-800 sm:px-5"
          >
            <Icon aria-hidden className="size-5 text-brand-700" />
            {label}
          </button>
        </li>
      ))}
    </ul>
  );
}

function AgentChats() {
  const [filter, setFilter] = useState<ChatListFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const viewer = useGuardedUser();
  const query = useChatSessions(filter, q, viewer.id);
  const connection = useLiveAgentSessions();
  // Admin screens answer 403 to plain agents: offer them only to admins.
  const { isAdmin } = viewer;

  const { sessions, loadMore } = useSessionPages(query);
  useAgentAlerts();
  // Unread items and chats still without an agent, so a waiting customer shows from another tab.
  useAlertTitle(
    'Chats',
    sessions.filter((s) => s.agentId === null).map((s) => s.id),
  );

  return (
    <div className="min-h-dvh bg-canvas">
      <TopBar
        navLabel="Agent"
        title={
          <>
            <span className="sm:hidden">Chats</span>
            <span className="max-sm:hidden">Customer Chats</span>
          </>
        }
        actions={
          <>
            <TopBarLink to="/agent/orders" icon={<ReceiptText aria-hidden />} label="Orders" />
            <TopBarLink
              to="/agent/exchange-rates"
              icon={<Coins aria-hidden />}
              label="Exchange Rates"
            />
            {isAdmin && (
              <>
                <TopBarLink
                  to="/agent/admin"
                  icon={<ShieldCheck aria-hidden />}
                  label="Admin Dashboard"
                />
                <TopBarLink
                  to="/agent/management"
                  icon={<Users aria-hidden />}
                  label="Manage Agents"
                />
              </>
            )}
            <TopBarLink
              to="/agent/dashboard"
              icon={<LayoutDashboard aria-hidden />}
              label="Dashboard"
            />
            <AgentLogoutButton />
          </>
        }
      >
        <TopBarRow>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <RatesStrip />
            <div className="flex flex-wrap items-center justify-end gap-2">
              <AlertControls />
              <ConnectionIndicator state={connection} />
            </div>
          </div>
        </TopBarRow>
      </TopBar>
      <AgentPushPrompt />
      <main className="mx-auto max-w-5xl sm:px-6 sm:py-6">
        <section
          aria-label="Chat list"
          className="bg-surface sm:rounded-3xl sm:shadow-card sm:ring-1 sm:ring-black/5"
        >
          <div className="flex flex-col gap-3 p-3 sm:p-5">
            <SearchBox
              value={search}
              onChange={setSearch}
              placeholder="Search or start a new chat"
            />
          </div>
          <FilterTabs value={filter} onChange={setFilter} options={FILTERS} label="Filter chats">
            <FolderEntries filter={filter} onChange={setFilter} />
            <div className="p-1 sm:p-2" aria-busy={query.isFetching}>
              <ChatList
                viewer={viewer}
                sessions={sessions}
                search={q}
                status={query.status}
                hasMore={Boolean(query.hasNextPage)}
                loadingMore={query.isFetchingNextPage}
                onLoadMore={loadMore}
                onRetry={() => void query.refetch()}
              />
            </div>
          </FilterTabs>
        </section>
      </main>
    </div>
  );
}

/** /agent and /agent/chats: every customer chat, live. */
export default function AgentChatsScreen() {
  return (
    <RequireAgent>
      <AgentChats />
    </RequireAgent>
  );
}
