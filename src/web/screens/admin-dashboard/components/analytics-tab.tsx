import { lazy, Suspense } from 'react';
import type { Analytics } from '../../../../shared/api/reports';
import { cn } from '../../../lib/cn';
import { formatDay, formatRange, periodLabel } from '../../../features/reports';
import {
  formatCount,
  formatNairaOrDash,
  formatPercent,
  formatRatio,
  NO_VALUE,
  share,
} from '../lib/metrics';
import { Card } from './card';
import { OrderStats } from './order-stats';

/** recharts is big: it loads with the chart, on this screen only. */
const ActivityChart = lazy(() => import('./activity-chart'));

const CHART_HEIGHT = 260;

function ChartFallback() {
  return (
    <div
      aria-hidden
      style={{ height: CHART_HEIGHT }}
      className="flex items-end gap-2 px-2 pb-8 motion-safe:animate-pulse"
    >
      {[40, 65, 30, 80, 55, 70, 45].map((h, i) => (
        <span key={i} className="flex-1 rounded-t-md bg-line/70" style={{ height: `${h}%` }} />
      ))}
    </div>
  );
}

/** "1 transaction", "2 transactions". */
function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function WeeklyActivity({ analytics }: { analytics: Analytics }) {
  const days = analytics.dailyActivity;
  const sessions = days.reduce((sum, d) => sum + d.sessions, 0);
  const transactions = days.reduce((sum, d) => sum + d.transactions, 0);
  return (
    <Card
      title="Weekly Activity"
      description={`Sessions and transactions per day, ${formatRange(analytics.range)}`}
      className="lg:col-span-2"
      testId="weekly-activity"
    >
      <div aria-hidden className="-mx-1">
        <Suspense fallback={<ChartFallback />}>
          <ActivityChart days={days} height={CHART_HEIGHT} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>Sessions and transactions per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sessions</th>
            <th scope="col">Transactions</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date, { year: true })}</th>
              <td>{d.sessions}</td>
              <td>{d.transactions}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-ink-muted" data-testid="weekly-activity-totals">
        {plural(sessions, 'session', 'sessions')} ·{' '}
        {plural(transactions, 'transaction', 'transactions')} in this period
      </p>
    </Card>
  );
}

function Meter({
  label,
  value,
  width,
  barClass,
  testId,
}: {
  label: string;
  value: string;
  /** 0 to 100. */
  width: number;
  barClass: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold">{label}</span>
        <span data-testid={`${testId}-value`} className="font-bold tabular-nums">
          {value}
        </span>
      </div>
      <div aria-hidden className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-canvas">
        <div className={cn('h-full rounded-full', barClass)} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}

function TradingDistribution({ analytics }: { analytics: Analytics }) {
  const { bitcoin, usdt } = analytics.distribution;
  return (
    <Card
      title="Trading Distribution"
      description={`Share of new sessions by currency, ${periodLabel(analytics.range)}`}
      testId="trading-distribution"
    >
      <div className="flex flex-col gap-4">
        <Meter
          testId="distribution-btc"
          label="Bitcoin (BTC)"
          value={formatPercent(bitcoin)}
          width={bitcoin === null ? 0 : Number(bitcoin)}
          barClass="bg-orange-500"
        />
        <Meter
          testId="distribution-usdt"
          label="USDT"
          value={formatPercent(usdt)}
          width={usdt === null ? 0 : Number(usdt)}
          barClass="bg-brand-500"
        />
        {bitcoin === null && (
          <p className="text-sm text-ink-muted">No sessions in this period yet.</p>
        )}
      </div>
    </Card>
  );
}

function TransactionStatus({ analytics }: { analytics: Analytics }) {
  const { total, completed, pending, failed } = analytics.transactionStats;
  return (
    <Card
      title="Transaction Status"
      description={`${plural(total, 'transaction', 'transactions')}, ${periodLabel(analytics.range)}`}
      testId="transaction-status"
    >
      <div className="flex flex-col gap-4">
        <Meter
          testId="status-completed"
          label="Completed"
          value={formatCount(completed)}
          width={share(completed, total)}
          barClass="bg-up"
        />
        <Meter
          testId="status-pending"
          label="Pending"
          value={formatCount(pending)}
          width={share(pending, total)}
          barClass="bg-gold-400"
        />
        <Meter
          testId="status-failed"
          label="Failed"
          value={formatCount(failed)}
          width={share(failed, total)}
          barClass="bg-down"
        />
      </div>
    </Card>
  );
}

function Metric({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-xl bg-canvas px-4 py-3">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd
        data-testid={`${testId}-value`}
        className={cn(
          'mt-0.5 text-xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-2xl',
          value === NO_VALUE && 'text-ink-muted',
        )}
      >
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-ink-muted">{hint}</dd>
    </div>
  );
}

/** Success Rate, Avg. Volume and Agent Utilization; "-" where the API gives null. */
export function KeyMetrics({
  metrics,
  range,
}: {
  metrics: Analytics['metrics'];
  range: Analytics['range'];
}) {
  return (
    <Card title="Key Metrics" description={`Over ${periodLabel(range)}`} testId="key-metrics">
      <dl className="flex flex-col gap-2">
        <Metric
          testId="metric-success-rate"
          label="Success Rate"
          value={formatPercent(metrics.successRate)}
          hint="Completed of all transactions"
        />
        <Metric
          testId="metric-avg-volume"
          label="Avg. Volume"
          value={formatNairaOrDash(metrics.avgVolume)}
          hint="Naira per completed trade"
        />
        <Metric
          testId="metric-agent-utilization"
          label="Agent Utilization"
          value={formatRatio(metrics.agentUtilization)}
          hint="Active chats per agent"
        />
      </dl>
    </Card>
  );
}

/**
 * The Analytics tab: the chart, the two splits, the key metrics and the orders for the chosen
 * range.
 */
export function AnalyticsTab({ analytics }: { analytics: Analytics }) {
  return (
    <div className="flex flex-col gap-3 sm:gap-4">
      <div className="grid gap-3 sm:gap-4 lg:grid-cols-3">
        <WeeklyActivity analytics={analytics} />
        <KeyMetrics metrics={analytics.metrics} range={analytics.range} />
      </div>
      <div className="grid gap-3 sm:gap-4 md:grid-cols-2">
        <TradingDistribution analytics={analytics} />
        <TransactionStatus analytics={analytics} />
      </div>
      <OrderStats analytics={analytics} />
    </div>
  );
}
