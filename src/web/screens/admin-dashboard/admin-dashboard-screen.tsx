import * as Tabs from '@radix-ui/react-tabs';
import {
  MessageSquareText,
  ArrowLeftRight,
  BarChart3,
  MessagesSquare,
  RefreshCw,
  Headset,
  Scale,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { User } from '../../../shared/api/auth';
import { Button } from '../../components/ui/button';
import { useAppConfig } from '../../lib/app-config';
import { errorText } from '../../lib/error-text';
import { CannedRepliesSection } from '../../features/canned-replies';
import { DisputedOrders, PayoutApprovals, usePayoutApprovalCount } from '../../features/orders';
import { useAnalytics } from '../../features/reports';
import { ApprovalsList, useApprovalCount } from '../../features/transactions';
import { AgentsTab } from './components/agents-tab';
import { AnalyticsTab } from './components/analytics-tab';
import { DashboardHeader } from './components/dashboard-header';
import { RangeToolbar } from './components/range-toolbar';
import { SessionsTab } from './components/sessions-tab';
import { StatCards } from './components/stat-cards';
import { TransactionsTab } from './components/transactions-tab';
import { UsersTab } from './components/users-tab';
import { formatRange, lastSevenDays, rangeProblem, type DateRange } from '../../features/reports';
import { useLiveConnection } from '../../lib/realtime';

const TABS = [
  { value: 'analytics', label: 'Analytics', icon: <BarChart3 aria-hidden /> },
  { value: 'users', label: 'Users', icon: <UsersRound aria-hidden /> },
  { value: 'agents', label: 'Agents', icon: <Headset aria-hidden /> },
  { value: 'sessions', label: 'Sessions', icon: <MessagesSquare aria-hidden /> },
  { value: 'transactions', label: 'Transactions', icon: <ArrowLeftRight aria-hidden /> },
  { value: 'approvals', label: 'Approvals', icon: <ShieldCheck aria-hidden /> },
  { value: 'disputes', label: 'Disputes', icon: <Scale aria-hidden /> },
  { value: 'replies', label: 'Replies', icon: <MessageSquareText aria-hidden /> },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((t) => t.value === value);
}

/** The open tab lives in the address (?tab=users), so a reload or a shared link keeps it. */
function useTabParam(): [TabValue, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab = isTab(current) ? current : 'analytics';
  const setTab = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'analytics') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return [tab, setTab];
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function AnalyticsPlaceholder({ children }: { children?: ReactNode }) {
  return (
    <div className="rounded-2xl bg-surface p-6 shadow-card ring-1 ring-black/5">
      {children ?? (
        <div aria-busy className="flex flex-col gap-3">
          <span aria-hidden className="h-6 w-48 animate-pulse rounded-lg bg-canvas" />
          <span aria-hidden className="h-56 animate-pulse rounded-xl bg-canvas" />
          <p role="status" className="sr-only">
            Loading analytics...
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * /agent/admin and /admin-dashboard: the owner's view of the business, live. Admins only: the
 * route lets them in (anyone else gets "Access Denied – You don't have admin privileges." and
 * goes home after 1 s) and gives the admin (`user`).
 */
export default function AdminDashboardScreen({ user: me }: { user: User }) {
  const { brandName } = useAppConfig();
  useDocumentTitle(`Admin Dashboard · ${brandName}`);
  const connection = useLiveConnection();
  const [draft, setDraft] = useState<DateRange>(lastSevenDays);
  const [range, setRange] = useState<DateRange>(draft);
  const [tab, setTab] = useTabParam();
  const analytics = useAnalytics(range);
  // Transactions and payouts waiting for an admin (decision 028).
  const approvals = useApprovalCount(true) + usePayoutApprovalCount(true);

  function changeRange(next: DateRange) {
    setDraft(next);
    if (!rangeProblem(next)) setRange(next);
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <DashboardHeader
        connection={connection}
        subtitle={<>Figures for {formatRange(range)}, Lagos time</>}
        approvals={approvals}
      />
      <main className="relative mx-auto -mt-14 flex max-w-6xl flex-col gap-3 px-3 pb-12 sm:-mt-16 sm:gap-4 sm:px-6">
        <StatCards analytics={analytics.data} />
        <RangeToolbar draft={draft} onDraftChange={changeRange} range={range} />
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-1 flex flex-col gap-3 sm:gap-4">
          <Tabs.List
            aria-label="Dashboard sections"
            className="grid grid-cols-2 gap-1 rounded-2xl bg-surface p-1 shadow-card ring-1 ring-black/5 sm:flex"
          >
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold whitespace-nowrap text-ink-muted hover:text-ink data-[state=active]:bg-brand-700 data-[state=active]:text-white sm:px-4 sm:text-[15px] [&_svg]:size-[18px] [&_svg]:shrink-0 max-sm:[&_svg]:hidden max-sm:odd:last:col-span-2"
              >
                {t.icon}
                {t.label}
                {t.value === 'approvals' && approvals > 0 && (
                  <span className="rounded-full bg-gold-300 px-1.5 text-xs text-ink">
                    {approvals}
                  </span>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="analytics" className="focus-visible:outline-none">
            {analytics.data ? (
              <AnalyticsTab analytics={analytics.data} />
            ) : analytics.isError ? (
              <AnalyticsPlaceholder>
                <div className="py-6 text-center">
                  <p className="font-semibold">Failed to load analytics</p>
                  <p className="mt-1 text-sm text-ink-muted">
                    {errorText(analytics.error, 'Please try again.')}
                  </p>
                  <Button
                    variant="outline"
                    className="mt-4"
                    onClick={() => void analytics.refetch()}
                  >
                    <RefreshCw aria-hidden />
                    Try Again
                  </Button>
                </div>
              </AnalyticsPlaceholder>
            ) : (
              <AnalyticsPlaceholder />
            )}
          </Tabs.Content>
          <Tabs.Content value="users" className="focus-visible:outline-none">
            <UsersTab />
          </Tabs.Content>
          <Tabs.Content value="agents" className="focus-visible:outline-none">
            <AgentsTab />
          </Tabs.Content>
          <Tabs.Content value="sessions" className="focus-visible:outline-none">
            <SessionsTab />
          </Tabs.Content>
          <Tabs.Content value="transactions" className="focus-visible:outline-none">
            <TransactionsTab />
          </Tabs.Content>
          <Tabs.Content value="approvals" className="focus-visible:outline-none">
            <div className="flex flex-col gap-3 sm:gap-4">
              <section aria-label="Transactions" className="flex flex-col gap-2">
                <h2 className="text-base font-bold tracking-tight sm:text-lg">Transactions</h2>
                <ApprovalsList viewerId={me.id} />
              </section>
              <PayoutApprovals viewerId={me.id} />
            </div>
          </Tabs.Content>
          <Tabs.Content value="disputes" className="focus-visible:outline-none">
            <DisputedOrders />
          </Tabs.Content>
          <Tabs.Content value="replies" className="focus-visible:outline-none">
            <CannedRepliesSection scope="team" />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
