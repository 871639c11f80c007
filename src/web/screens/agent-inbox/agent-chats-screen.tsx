import {
  Coins,
  Keyboard,
  LayoutDashboard,
  MessagesSquare,
  ReceiptText,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AlertControls, useAgentAlerts, useAlertTitle } from '../../features/agent-alerts';
import type { User } from '../../../shared/api/auth';
import { useChatSessions, type ChatListFilter } from '../../features/chat-sessions';
import { AgentPushPrompt, useAgentPushOffer } from '../../features/push';
import { TopBar, TopBarRow, TopBarLink } from '../../components/top-bar';
import { ChatList } from './components/chat-list';
import { ConnectionIndicator } from '../../components/connection-indicator';
import { ScreenSpinner } from '../../components/screen-states';
import { AvailabilitySwitch } from '../../features/availability';
import { FilterTabs } from '../../components/filter-tabs';
import { RatesStrip } from './components/rates-strip';
import { SearchBox } from '../../components/search-box';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSessionPages } from '../../features/chat-sessions';
import { useLiveConnection } from '../../lib/realtime';
import { FolderEntries } from './components/folder-entries';
import { useInboxShortcuts } from './lib/inbox-shortcuts';

/**
 * The open chat and its customer load when a chat opens, not with the list: the conversation,
 * its composer and order cards are most of the inbox's code (decision 005, page weight).
 */
const ConversationView = lazy(() =>
  import('../conversation/conversation-view').then((m) => ({ default: m.ConversationView })),
);
/** The `?` dialog: its dialog primitives load the first time it opens. */
const ShortcutsDialog = lazy(() =>
  import('./components/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);
const CustomerPanel = lazy(() =>
  import('./components/customer-panel').then((m) => ({ default: m.CustomerPanel })),
);

/**
 * The spec's tabs (Unread: waiting for an agent; Active: with one) and Mine, the chats assigned
 * to the viewer. Locked and Archived are the entries below them.
 */
const FILTERS: readonly { value: ChatListFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  // The spec's Unread: chats waiting for an agent (the API's unassigned, ADR 016).
  { value: 'unread', label: 'Unread' },
  { value: 'active', label: 'Active' },
];

const SEARCH_DEBOUNCE_MS = 300;

/** The inbox's three panes from this width on (Tailwind's `lg`); below it, one at a time. */
const WIDE = '(min-width: 1024px)';

/** Ids the API accepts (a positive 32-bit integer); anything else opens no chat. */
export function parseSessionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The tab's title while the list is alone: unread items and chats still without an agent, so a
 * waiting customer shows from another tab.
 */
function ListTitle({ waiting }: { waiting: readonly number[] }) {
  useAlertTitle('Chats', waiting);
  return null;
}

/** The middle pane before a chat is chosen (wide screens; a phone shows the list alone). */
function NoChatOpen({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <MessagesSquare aria-hidden className="size-7" />
      </span>
      <h2 className="mt-2 text-lg font-bold">Choose a chat</h2>
      <p className="max-w-xs text-sm text-ink-muted">
        Its conversation opens here, and its customer beside it.
      </p>
      <button
        type="button"
        onClick={onShowShortcuts}
        className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <Keyboard aria-hidden className="size-4" />
        Keyboard shortcuts <kbd className="font-mono">?</kbd>
      </button>
    </div>
  );
}

/**
 * The agents' inbox. On wide screens three panes: the chat list, the open conversation and its
 * customer; the list stays mounted, so its scroll, search and filter survive moving between
 * chats. On a phone one pane at a time: the open conversation covers the list, which waits
 * underneath as it was. The URL names the open chat (/agent/chats/:sessionId).
 *
 * /agent, /agent/chats and /agent/chats/:sessionId, live: the route lets staff in and gives
 * the agent (`user`) and the sign-out button.
 */
export default function AgentChatsScreen({
  user: viewer,
  signOut,
}: {
  user: User;
  signOut: ReactNode;
}) {
  const openId = parseSessionId(useParams().sessionId);
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE);
  const [filter, setFilter] = useState<ChatListFilter>('all');
  const [search, setSearch] = useState('');
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  // One ask for notifications at a time: the Web Push bar while it is offered, else the top
  // bar's "Enable notifications" (both ask the browser the same question).
  const pushOffer = useAgentPushOffer();
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Admin screens answer 403 to plain agents: offer them only to admins.
  const query = useChatSessions(filter, q, viewer.id);
  const connection = useLiveConnection();
  const { isAdmin } = viewer;
  const conversationPane = useRef<HTMLDivElement>(null);
  const listPane = useRef<HTMLElement>(null);

  const { sessions, loadMore } = useSessionPages(query);
  useAgentAlerts();

  const openChat = useCallback(
    (id: number) => {
      void navigate(`/agent/chats/${id}`);
      listPane.current
        ?.querySelector(`[data-testid="chat-row"][data-session-id="${id}"]`)
        ?.scrollIntoView({ block: 'nearest' });
    },
    [navigate],
  );
  useInboxShortcuts({
    chatIds: sessions.map((s) => s.id),
    openId,
    openChat,
    showHelp: () => setShowingShortcuts(true),
    replyBox: () =>
      conversationPane.current?.querySelector<HTMLTextAreaElement>('textarea[data-reply-box]') ??
      null,
    // The chat's own Resolve action (shown only to who may resolve it), pressed as is.
    resolveButton: () =>
      [
        ...(conversationPane.current?.querySelectorAll<HTMLButtonElement>(
          '[aria-label="Conversation actions"] button',
        ) ?? []),
      ].find((b) => b.textContent?.trim() === 'Resolve') ?? null,
  });
  // On a phone the open conversation covers the list: what is under it is out of reach.
  const covered = openId !== null && !wide;

  return (
    <div className="min-h-dvh bg-canvas lg:flex lg:h-dvh lg:flex-col">
      {/* With a chat open, its conversation titles the tab. */}
      {openId === null && (
        <ListTitle waiting={sessions.filter((s) => s.agentId === null).map((s) => s.id)} />
      )}
      {showingShortcuts && (
        <Suspense fallback={null}>
          <ShortcutsDialog open onOpenChange={setShowingShortcuts} />
        </Suspense>
      )}
      <div inert={covered} className="lg:contents">
        <TopBar
          navLabel="Agent"
          width="max-w-none"
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
              {signOut}
            </>
          }
        >
          <TopBarRow width="max-w-none">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <RatesStrip />
              <div className="flex flex-wrap items-center justify-end gap-2">
                <AlertControls askForNotifications={!pushOffer.offered} />
                <AvailabilitySwitch />
                {/* The pill is the agent's availability; the socket shows only while it is down. */}
                <ConnectionIndicator state={connection} quiet />
              </div>
            </div>
          </TopBarRow>
        </TopBar>
        <AgentPushPrompt offer={pushOffer} />
      </div>
      <main className="mx-auto max-w-5xl sm:px-6 sm:py-6 lg:grid lg:min-h-0 lg:w-full lg:max-w-none lg:flex-1 lg:grid-cols-[380px_minmax(0,1fr)_300px] lg:p-0 xl:grid-cols-[420px_minmax(0,1fr)_300px] 2xl:grid-cols-[440px_minmax(0,1fr)_380px]">
        <section
          ref={listPane}
          inert={covered}
          aria-label="Chat list"
          data-testid="chat-list-pane"
          className="bg-surface sm:rounded-3xl sm:shadow-card sm:ring-1 sm:ring-black/5 lg:overflow-y-auto lg:rounded-none lg:border-r lg:border-line lg:shadow-none lg:ring-0"
        >
          <div className="flex flex-col gap-3 p-3 sm:p-5 lg:p-4">
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
                openId={openId}
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
        {openId === null ? (
          wide && <NoChatOpen onShowShortcuts={() => setShowingShortcuts(true)} />
        ) : (
          <div
            ref={conversationPane}
            data-testid="conversation-pane"
            className="flex min-h-0 flex-col max-lg:fixed max-lg:inset-0 max-lg:z-30 max-lg:overscroll-contain"
          >
            {/* Keyed: another conversation starts fresh (scroll, input, announcements). */}
            <Suspense fallback={<ScreenSpinner pane label="Opening the chat…" />}>
              <ConversationView key={openId} sessionId={openId} viewer="agent" inInbox />
            </Suspense>
          </div>
        )}
        {openId !== null && (
          <Suspense fallback={null}>
            <CustomerPanel
              key={openId}
              sessionId={openId}
              className="border-l border-line max-lg:hidden lg:overflow-y-auto"
            />
          </Suspense>
        )}
      </main>
    </div>
  );
}
