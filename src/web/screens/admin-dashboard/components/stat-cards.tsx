import { MessagesSquare, ShieldCheck, UsersRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Analytics } from '../../../../shared/api/reports';
import { formatNaira } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { periodLabel } from '../../../features/reports';
import { formatCount } from '../lib/metrics';

/**
 * The value's font: the card's size, or smaller when a long figure (a large naira volume)
 * would not fit the card's width on one line. Digits of a bold font are about 0.66 em wide.
 */
function fittedFontSize(value: ReactNode): string | undefined {
  if (typeof value !== 'string' || value.length < 8) return undefined;
  return `min(var(--stat-size), ${(100 / (0.66 * value.length)).toFixed(2)}cqi)`;
}

function StatCard({
  label,
  value,
  detail,
  icon,
  testId,
  className,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        '@container flex min-w-0 flex-col rounded-2xl bg-surface p-3.5 shadow-card ring-1 ring-black/5 [--stat-size:1.5rem] sm:p-5 sm:[--stat-size:1.875rem]',
        className,
      )}
    >
      <dt className="flex items-start justify-between gap-2 text-xs font-semibold text-ink-muted sm:text-sm">
        {label}
        <span
          aria-hidden
          className="-my-1 hidden size-8 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:inline-flex [&_svg]:size-5"
        >
          {icon}
        </span>
      </dt>
      <dd className="min-w-0">
        <span
          data-testid={`${testId}-value`}
          className="block text-(length:--stat-size) leading-tight font-bold tracking-tight whitespace-nowrap tabular-nums"
          style={{ fontSize: fittedFontSize(value) }}
        >
          {value}
        </span>
        {detail && (
          <span
            data-testid={`${testId}-detail`}
            className="mt-1 block text-xs text-ink-muted sm:text-sm"
          >
            {detail}
          </span>
        )}
      </dd>
    </div>
  );
}

function SmallStat({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  tone: 'orange' | 'teal' | 'gold' | 'red' | 'grey';
}) {
  return (
    <div
      data-testid={testId}
      className="flex min-w-0 flex-col gap-0.5 rounded-2xl bg-surface px-3 py-2.5 shadow-card ring-1 ring-black/5 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:px-5 sm:py-4"
    >
      <dt className="flex items-center gap-2 text-xs font-semibold text-ink-muted sm:text-sm">
        <span
          aria-hidden
          className={cn(
            'size-2.5 shrink-0 rounded-full',
            {
              orange: 'bg-orange-500',
              teal: 'bg-brand-500',
              gold: 'bg-gold-400',
              red: 'bg-down',
              grey: 'bg-ink-muted',
            }[tone],
          )}
        />
        {label}
      </dt>
      <dd data-testid={`${testId}-value`} className="text-xl font-bold tabular-nums sm:text-2xl">
        {value}
      </dd>
    </div>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * The spec's stat cards. Users and sessions are counted over all time; transactions over the
 * chosen range, and each of those figures names its period ("Total Volume · last 7 days").
 * Volume is completed orders' trades only (never the manual trades from before orders);
 * completed refunds, charges and adjustments stand beside it.
 */
export function StatCards({ analytics }: { analytics: Analytics | undefined }) {
  const a = analytics;
  const n = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));
  const naira = (value: string | undefined) => (value === undefined ? '–' : formatNaira(value));
  const period = a ? ` · ${periodLabel(a.range)}` : '';
  return (
    <div className="flex flex-col gap-2 sm:gap-4">
      <dl aria-label="Totals" className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
        <StatCard
          testId="stat-total-users"
          label="Total Users"
          icon={<UsersRound />}
          value={n(a?.userStats.total)}
          detail={a && `+${formatCount(a.userStats.newThisWeek)} new this week`}
        />
        <StatCard
          testId="stat-active-agents"
          label="Active Agents"
          icon={<ShieldCheck />}
          value={n(a?.userStats.agents)}
          detail={a && plural(a.userStats.customers, 'customer', 'customers')}
        />
        <StatCard
          testId="stat-active-chats"
          label="Active Chats"
          icon={<MessagesSquare />}
          value={n(a?.sessionStats.active)}
          detail={
            a &&
            `${formatCount(a.sessionStats.activeBitcoin)} BTC · ${formatCount(a.sessionStats.activeUsdt)} USDT`
          }
        />
        <StatCard
          testId="stat-total-volume"
          label={`Total Volume${period}`}
          icon={<Wallet />}
          value={naira(a?.transactionStats.totalVolume)}
          detail={
            a && plural(a.transactionStats.completedTrades, 'completed trade', 'completed trades')
          }
        />
      </dl>
      <dl aria-label="Sessions and pending" className="grid grid-cols-3 gap-2 sm:gap-4">
        <SmallStat
          testId="stat-bitcoin-sessions"
          label="Bitcoin Sessions"
          tone="orange"
          value={n(a?.sessionStats.bitcoin)}
        />
        <SmallStat
          testId="stat-usdt-sessions"
          label="USDT Sessions"
          tone="teal"
          value={n(a?.sessionStats.usdt)}
        />
        <SmallStat
          testId="stat-pending"
          label={`Pending${period}`}
          tone="gold"
          value={n(a?.transactionStats.pending)}
        />
      </dl>
      <dl aria-label="Beside the volume" className="grid grid-cols-3 gap-2 sm:gap-4">
        <SmallStat
          testId="stat-refunds"
          label={`Refunds${period}`}
          tone="red"
          value={naira(a?.transactionStats.refunds)}
        />
        <SmallStat
          testId="stat-charges"
          label={`Charges${period}`}
          tone="teal"
          value={naira(a?.transactionStats.charges)}
        />
        <SmallStat
          testId="stat-adjustments"
          label={`Adjustments${period}`}
          tone="grey"
          value={naira(a?.transactionStats.adjustments)}
        />
      </dl>
    </div>
  );
}
