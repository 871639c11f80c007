import { Landmark, ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import type { User } from '../../../shared/api/auth';
import { useLiveConnection } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { messageKeys, PortalHeader, RestrictedNote, serverText } from '../../features/messages';
import { useCreateChatSession, useOwnChatSessions } from '../../features/chat-sessions';
import type { TradeCategory } from '../../features/messages';
import { ChoiceCards } from './components/choice-cards';
import { ScreenError, ScreenSpinner } from '../../components/screen-states';
import { SessionList } from './components/session-list';
import { handleUnauthorized } from '../../lib/unauthorized';
import { isStaff, useSignedInUser } from './sign-in';

const TRUST_POINTS = ['No KYC', 'Real human agents', 'Paid in naira'] as const;

function useStartConversation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateChatSession();
  const [creating, setCreating] = useState<TradeCategory | null>(null);
  // A second press in the same moment, before React re-renders the disabled cards.
  const busy = useRef(false);

  function choose(category: TradeCategory) {
    if (busy.current) return;
    busy.current = true;
    setCreating(category);
    create.mutate(category, {
      onSuccess: (session) => {
        // A new conversation has no messages yet: nothing to fetch before it shows.
        queryClient.setQueryData(messageKeys.messages(session.id), []);
        void navigate(`/chat/${session.id}`);
      },
      onError: (error) => {
        busy.current = false;
        setCreating(null);
        if (handleUnauthorized(error)) return;
        toast({
          title: 'Failed to create chat session',
          description: serverText(error),
          variant: 'destructive',
        });
      },
    });
  }

  return { creating, choose };
}

function ChoiceContent({ user }: { user: User }) {
  const { creating, choose } = useStartConversation();
  const sessions = useOwnChatSessions();
  useLiveConnection();
  const list = sessions.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <PortalHeader user={user} />
      <main className="flex-1">
        <section className="on-dark relative overflow-hidden bg-brand-950 text-white">
          <div aria-hidden className="hero-backdrop pointer-events-none absolute inset-0" />
          <div className="relative mx-auto max-w-5xl px-4 pt-8 pb-24 sm:px-6 sm:pt-12 sm:pb-28">
            <p className="text-sm font-medium text-brand-200">Hi {user.firstName ?? 'there'},</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              What would you like to sell?
            </h1>
            <p className="mt-2 max-w-xl text-brand-100/90">
              Pick a desk to chat with an agent. You get a rate in minutes and naira when the trade
              is done.
            </p>
            <Link
              to="/payout-accounts"
              className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl border border-white/20 px-3.5 text-sm font-semibold text-white hover:bg-white/10"
            >
              <Landmark aria-hidden className="size-[18px] text-gold-300" />
              Payout accounts
            </Link>
            <ul className="mt-5 hidden flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-white/90 sm:flex">
              {TRUST_POINTS.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <ShieldCheck aria-hidden className="size-5 text-gold-300" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </section>
        <div className="relative mx-auto -mt-16 max-w-5xl px-4 pb-12 sm:-mt-20 sm:px-6">
          {user.customerStatus === 'banned' && (
            <p
              role="note"
              className="mb-3 rounded-2xl bg-surface px-4 py-3 text-sm text-ink shadow-card ring-1 ring-down/30"
            >
              <RestrictedNote />
            </p>
          )}
          <ChoiceCards creating={creating} onChoose={choose} />
          <p role="status" className="sr-only">
            {creating ? 'Starting conversation...' : ''}
          </p>
          <section
            aria-labelledby="your-conversations"
            className="mt-6 overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-black/5 sm:mt-8"
          >
            <h2
              id="your-conversations"
              className="border-b border-line px-4 py-3 text-base font-semibold text-ink"
            >
              Your conversations
            </h2>
            <SessionList
              sessions={list}
              loading={sessions.isPending}
              hasMore={sessions.hasNextPage}
              loadingMore={sessions.isFetchingNextPage}
              onLoadMore={() => void sessions.fetchNextPage()}
            />
          </section>
        </div>
      </main>
    </div>
  );
}

/** `/trade` and `/chat`: the customer chooses Bitcoin or USDT, or reopens a conversation. */
export default function ChatChoiceScreen() {
  const me = useSignedInUser();
  if (me.isError) return <ScreenError onRetry={() => void me.refetch()} />;
  if (!me.data) return <ScreenSpinner />;
  if (isStaff(me.data)) return <Navigate replace to="/agent/chats" />;
  return <ChoiceContent user={me.data} />;
}
