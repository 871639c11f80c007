import { ArrowLeft, Inbox } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useLiveConnection } from '../../lib/realtime';
import { useAgentAlerts, useAlertTitle } from '../../features/agent-alerts';
import {
  activeCountQuery,
  useActiveSessionCount,
  useActiveSessions,
  useSessionPages,
} from '../../features/chat-sessions';
import { formatSeconds, myServiceQuery, useMyService } from '../../features/service-metrics';
import { TopBar, TopBarRow } from '../../components/top-bar';
import { BreakButton } from '../../features/availability';
import { CannedRepliesSection, MY_REPLIES_ID } from '../../features/canned-replies';
import { ConnectionIndicator } from '../../components/connection-indicator';
import { DashboardRow } from './components/dashboard-row';
import { LoadMore } from '../../components/load-more';

function Counter({
  label,
  value,
  testId,
  caption,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  /** What the figure counts, over which period, in which unit. */
  caption?: string;
}) {
  return (
    <div className="rounded-2xl bg-surface p-3 shadow-card ring-1 ring-black/5 sm:p-5">
      <dt className="text-xs font-semibold text-ink-muted sm:text-sm">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">
        {value}
      </dd>
      {caption && (
        <dd data-testid={`${testId}-caption`} className="mt-1 text-xs text-ink-muted">
          {caption}
        </dd>
      )}
    </div>
  );
}

/**
 * /agent/dashboard: open and active chats at a glance, live; the agent's own canned replies
 * (#my-replies) and the team's. Agents only: the route lets them in and gives the sign-out
 * button.
 */
export default function AgentDashboardScreen({ signOut }: { signOut: ReactNode }) {
  const query = useActiveSessions();
  const connection = useLiveConnection();
  const { sessions, loadMore } = useSessionPages(query);
  useAgentAlerts();
  useAlertTitle(
    'Agent Dashboard',
    sessions.filter((s) => s.agentId === null).map((s) => s.id),
  );

  const count = useActiveSessionCount();
  const queryClient = useQueryClient();
  // The list is kept live by the socket; when it changes, so may the count of every active chat.
  // So may the agent's own figures for today (a reply, a resolution).
  useEffect(() => {
    if (!query.dataUpdatedAt) return;
    void queryClient.invalidateQueries(activeCountQuery);
    void queryClient.invalidateQueries(myServiceQuery);
  }, [query.dataUpdatedAt, queryClient]);
  const activeCount = count.data ? count.data.count.toLocaleString('en-NG') : '-';
  const mine = useMyService().data;

  // The `/` picker's "Manage my replies" opens /agent/dashboard#my-replies: on a phone the
  // section is under the chat list, so it is scrolled into view once the list has its height.
  const { hash } = useLocation();
  const listSettled = !query.isPending;
  useEffect(() => {
    if (hash === `#${MY_REPLIES_ID}` && listSettled)
      document.getElementById(MY_REPLIES_ID)?.scrollIntoView({ block: 'nearest' });
  }, [hash, listSettled]);

  return (
    <div className="min-h-dvh bg-canvas">
      <TopBar
        navLabel="Agent"
        title="Agent Dashboard"
        actions={
          <>
            {/* The spec's Break: sets Break, and back to Online (ADR 018). */}
            <BreakButton />
            {signOut}
          </>
        }
      >
        <TopBarRow className="flex items-center justify-between gap-2">
          <Link
            to="/"
            className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-white/90 hover:bg-white/10"
          >
            <ArrowLeft aria-hidden className="size-5" />
            Back
          </Link>
          <ConnectionIndicator state={connection} />
        </TopBarRow>
      </TopBar>
      <main className="mx-auto flex max-w-5xl flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-6">
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Counter label="Active Chats" value={activeCount} testId="active-chats-count" />
          {/* Today is the Lagos calendar day (the business's days), whatever the device's zone. */}
          <Counter
            label="Resolved Today"
            value={mine ? mine.resolved.toLocaleString('en-NG') : '-'}
            testId="resolved-today"
            caption="Chats you resolved, today (Lagos)"
          />
          <Counter
            label="Avg Response"
            value={mine ? formatSeconds(mine.averageFirstResponseSeconds) : '-'}
            testId="avg-response"
            caption="Avg first response, today (Lagos)"
          />
        </dl>
        <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-5">
          <section
            aria-labelledby="active-conversations"
            className="rounded-3xl bg-surface p-2 shadow-card ring-1 ring-black/5 sm:p-3 lg:col-span-3"
          >
            <h2 id="active-conversations" className="px-3 pt-2 pb-1 text-lg font-bold sm:px-4">
              Active Conversations
            </h2>
            {query.isPending ? (
              <p role="status" className="px-4 py-10 text-center text-ink-muted">
                Loading conversations...
              </p>
            ) : query.isError ? (
              <div role="alert" className="px-4 py-10 text-center">
                <p className="font-semibold text-down">Failed to fetch chat sessions</p>
                <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </div>
            ) : sessions.length === 0 ? (
              <div className="px-4 py-10 text-center text-ink-muted">
                <Inbox aria-hidden className="mx-auto size-8 text-brand-700" />
                <p className="mt-2">No active conversations</p>
              </div>
            ) : (
              <>
                <ul className="flex flex-col divide-y divide-line">
                  {sessions.map((session) => (
                    <DashboardRow key={session.id} session={session} />
                  ))}
                </ul>
                {query.hasNextPage && (
                  <LoadMore onLoad={loadMore} loading={query.isFetchingNextPage} />
                )}
              </>
            )}
          </section>
          {/* The agent's own canned replies, and the team's to read (admins change those). */}
          <div className="flex flex-col gap-4 sm:gap-6 lg:col-span-2">
            <CannedRepliesSection
              scope="personal"
              id={MY_REPLIES_ID}
              className="rounded-3xl shadow-card"
            />
            <CannedRepliesSection scope="team" readOnly className="rounded-3xl shadow-card" />
          </div>
        </div>
      </main>
    </div>
  );
}
