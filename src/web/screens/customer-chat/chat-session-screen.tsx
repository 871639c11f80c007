import { MessageSquarePlus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { useAppConfig } from '../../lib/app-config';
import { useOwnChatSessions } from '../../features/chat-sessions';
import { useLiveConnection } from '../../lib/realtime';
import { ScreenError, ScreenSpinner } from '../../components/screen-states';
import { SessionList } from './components/session-list';
import { ConversationView } from '../conversation/conversation-view';
import { PushPrompt } from '../../features/push';
import { isStaff, useSignedInUser } from './sign-in';

/** Ids the API accepts (a positive 32-bit integer); anything else is not a chat. */
function parseSessionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** On wide screens, the customer's conversations beside the open one. */
function ConversationsSidebar({ activeId }: { activeId: number }) {
  const { brandName } = useAppConfig();
  const sessions = useOwnChatSessions();
  useLiveConnection();
  return (
    <aside
      aria-label="Your conversations"
      className="hidden w-[360px] shrink-0 flex-col border-r border-line bg-surface lg:flex"
    >
      <div className="on-dark flex h-16 shrink-0 items-center justify-between gap-3 bg-brand-950 px-4">
        <Link to="/" className="-m-1 rounded-lg p-1" aria-label={`${brandName} home`}>
          <BrandMark name={brandName} tone="light" />
        </Link>
        <Link
          to="/chat"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-gold-300 hover:bg-white/10"
        >
          <MessageSquarePlus aria-hidden className="size-[18px]" />
          New chat
        </Link>
      </div>
      <h2 className="px-4 pt-4 pb-2 text-xs font-semibold tracking-wider text-ink-muted uppercase">
        Your conversations
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <SessionList
          sessions={sessions.data?.pages.flatMap((p) => p.items) ?? []}
          activeId={activeId}
          loading={sessions.isPending}
          hasMore={sessions.hasNextPage}
          loadingMore={sessions.isFetchingNextPage}
          onLoadMore={() => void sessions.fetchNextPage()}
        />
      </div>
    </aside>
  );
}

/**
 * `/chat/:sessionId`: the conversation. Its customer sees it with their other conversations
 * beside it on wide screens; an agent or admin sees it as an agent.
 */
export default function ChatSessionScreen() {
  const sessionId = parseSessionId(useParams().sessionId);
  const me = useSignedInUser();
  if (me.isError) return <ScreenError onRetry={() => void me.refetch()} />;
  if (!me.data) return <ScreenSpinner />;
  const viewer = isStaff(me.data) ? 'agent' : 'customer';
  return (
    // The screen is the viewport: only the message list and the money section scroll. Clipped,
    // not hidden: a clipped box is no scroll container, so a card's scrollIntoView cannot move
    // it and leave a blank band. Relative: what is positioned inside (a visually hidden input,
    // the announcer) is clipped here and never makes the document taller than the screen.
    <div className="relative flex h-dvh overflow-clip bg-canvas">
      {viewer === 'customer' && <ConversationsSidebar activeId={sessionId ?? 0} />}
      <main className="flex min-w-0 flex-1 flex-col">
        {viewer === 'customer' && sessionId !== null && (
          <PushPrompt key={sessionId} sessionId={sessionId} />
        )}
        {/* Keyed: another conversation starts fresh (scroll, input, announcements). */}
        {/* flex-1, not the full height: the push prompt above takes its share. */}
        <ConversationView
          key={sessionId ?? 0}
          sessionId={sessionId ?? 0}
          viewer={viewer}
          className="flex-1"
        />
      </main>
    </div>
  );
}
