import Decimal from 'decimal.js';
import type { Analytics } from '../../../../shared/api/reports';
import { dec } from '../../../../shared/money';
import { ORDER_STATES } from '../../../../shared/orders/states';
import { ORDER_STATE_DISPLAY } from '../../../features/orders';
import { periodLabel } from '../../../features/reports';
import { formatCount, NO_VALUE, share } from '../lib/metrics';
import { Card } from './card';

/**
 * Seconds (a decimal string) as minutes and seconds, exactly: "29 min 45.25 s", "2 h 3 min 0 s".
 */
export function formatSeconds(seconds: string | null): string {
  if (seconds === null) return NO_VALUE;
  const total = dec(seconds);
  const minutes = total.div(60).floor();
  const rest = total.minus(minutes.times(60)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const h = minutes.div(60).floor();
  const m = minutes.minus(h.times(60));
  const parts = [
    ...(h.isZero() ? [] : [`${h.toFixed(0)} h`]),
    ...(minutes.isZero() ? [] : [`${m.toFixed(0)} min`]),
    `${rest.toFixed()} s`,
  ];
  return parts.join(' ');
}

/**
 * The range's orders by the state they are in now, and how long payouts took on average from
 * the deposit's confirmation, each with its period.
 */
export function OrderStats({ analytics }: { analytics: Analytics }) {
  const { total, byState, payoutsSent, avgDepositToPayoutSeconds } = analytics.orderStats;
  const period = periodLabel(analytics.range);
  return (
    <Card
      title="Orders"
      description={`${formatCount(total)} ${total === 1 ? 'order' : 'orders'} created, ${period}, by state now`}
      testId="order-stats"
    >
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {ORDER_STATES.map((state) => (
          <div
            key={state}
            data-testid={`orders-${state}`}
            className="grid min-w-0 grid-cols-[1fr_auto] items-baseline gap-x-3 text-sm"
          >
            <dt className="font-semibold">{ORDER_STATE_DISPLAY[state].label}</dt>
            <dd data-testid={`orders-${state}-value`} className="font-bold tabular-nums">
              {formatCount(byState[state])}
            </dd>
            <dd
              aria-hidden
              className="col-span-2 mt-1 h-1.5 overflow-hidden rounded-full bg-canvas"
            >
              <div
                className="h-full rounded-full bg-brand-500"
                style={{ width: `${share(byState[state], total)}%` }}
              />
            </dd>
          </div>
        ))}
      </dl>
      <div data-testid="avg-payout-time" className="mt-5 rounded-xl bg-canvas px-4 py-3">
        <p className="text-sm font-semibold text-ink-muted">
          Avg. time from deposit confirmed to payout sent (min, s) · {period}
        </p>
        <p
          data-testid="avg-payout-time-value"
          className="mt-0.5 text-xl font-bold tabular-nums sm:text-2xl"
        >
          {formatSeconds(avgDepositToPayoutSeconds)}
        </p>
        <p className="mt-0.5 text-xs text-ink-muted">
          Over {formatCount(payoutsSent)} {payoutsSent === 1 ? 'payout' : 'payouts'} sent in this
          period
        </p>
      </div>
    </Card>
  );
}
