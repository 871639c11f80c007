import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Analytics } from '../../../shared/api/reports';
import { addDays, BUSINESS_TIME_ZONE, lagosToday } from '../../../shared/lagos-days';
import { notDemoCustomer } from '../../db/demo-customer';
import { endOfLagosDay, startOfLagosDay } from '../../db/lagos-days';
import { dec } from '../../../shared/money';
import { ORDER_STATES, type OrderState } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { AppError } from '../../platform/errors';

const n = (value: unknown) => Number(value ?? 0);

/** A ratio as a 2-place string, or null when the divisor is zero (the screen shows "-"). */
function ratio(numerator: Decimal.Value, divisor: Decimal.Value, times = 1): string | null {
  const d = dec(divisor);
  if (d.isZero()) return null;
  return dec(numerator).times(times).div(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * The admin dashboard's figures, computed by PostgreSQL in a handful of aggregate queries
 * (no rows are loaded into memory). Days are Lagos days; the range is inclusive. Volume is
 * the trades of completed orders only: never the manual trades recorded before orders (history
 * only), refunds, charges or adjustments (reported beside it). The demo customer (DEMO_MODE's
 * test pages) is left out of every figure.
 */
export async function computeAnalytics(options: {
  db: Db;
  from?: string;
  to?: string;
  now?: Date;
}): Promise<Analytics> {
  const { db } = options;
  const to = options.to ?? lagosToday(options.now);
  const from = options.from ?? addDays(to, -6);
  if (addDays(from, 366) < to)
    throw new AppError('bad_request', 'The range can be at most one year');
  const tz = BUSINESS_TIME_ZONE;
  const start = startOfLagosDay(from);
  const end = endOfLagosDay(to);

  const [users] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*) as total,
               count(*) filter (where (is_agent or is_admin) and is_active) as agents,
               count(*) filter (where not is_agent and not is_admin) as customers,
               count(*) filter (where created_at >= now() - interval '7 days') as new_this_week
        from users
        where ${notDemoCustomer(sql`id`)}`,
  );
  const [sessions] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*) as total,
               count(*) filter (where status in ('open', 'active')) as active,
               count(*) filter (where category = 'bitcoin') as bitcoin,
               count(*) filter (where category = 'usdt') as usdt,
               count(*) filter (where status in ('open', 'active') and category = 'bitcoin') as active_bitcoin,
               count(*) filter (where status in ('open', 'active') and category = 'usdt') as active_usdt
        from chat_sessions
        where ${notDemoCustomer(sql`customer_id`)}`,
  );
  // One pass over each table's rows in the range, grouped by Lagos day; the range's totals
  // are the sums of the days.
  const daily = await rows<Record<string, unknown>>(
    db,
    sql`with days as (
          select (${from}::date + i) as day from generate_series(0, ${to}::date - ${from}::date) as i
        ),
        s as (
          select (created_at at time zone ${tz})::date as day,
                 count(*) as n,
                 count(*) filter (where category = 'bitcoin') as bitcoin,
                 count(*) filter (where category = 'usdt') as usdt
          from chat_sessions
          where created_at >= ${start} and created_at < ${end} and ${notDemoCustomer(sql`customer_id`)}
          group by 1
        ),
        t as (
          select (created_at at time zone ${tz})::date as day,
                 count(*) as n,
                 count(*) filter (where status = 'completed') as completed,
                 count(*) filter (where status = 'pending') as pending,
                 count(*) filter (where status = 'failed') as failed,
                 count(*) filter (where status = 'completed' and kind = 'trade' and not manual) as completed_trades,
                 coalesce(sum(total) filter (where status = 'completed' and kind = 'trade' and not manual), 0)::text as volume,
                 coalesce(sum(total) filter (where status = 'completed' and kind = 'refund'), 0)::text as refunds,
                 coalesce(sum(total) filter (where status = 'completed' and kind = 'charge'), 0)::text as charges,
                 coalesce(sum(total) filter (where status = 'completed' and kind = 'adjustment'), 0)::text as adjustments
          from transactions
          where created_at >= ${start} and created_at < ${end} and ${notDemoCustomer(sql`customer_id`)}
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day,
               coalesce(s.n, 0) as sessions, coalesce(s.bitcoin, 0) as bitcoin, coalesce(s.usdt, 0) as usdt,
               coalesce(t.n, 0) as transactions, coalesce(t.completed, 0) as completed,
               coalesce(t.pending, 0) as pending, coalesce(t.failed, 0) as failed,
               coalesce(t.completed_trades, 0) as completed_trades,
               coalesce(t.volume, '0') as volume, coalesce(t.refunds, '0') as refunds,
               coalesce(t.charges, '0') as charges, coalesce(t.adjustments, '0') as adjustments
        from days left join s on s.day = days.day left join t on t.day = days.day
        order by days.day`,
  );

  // Orders created in the range by their state now; payouts sent in the range and how long
  // each took from the deposit's confirmation (epoch differences are exact numerics).
  const orderCounts = await rows<{ state: OrderState; n: unknown }>(
    db,
    sql`select state, count(*) as n
        from orders
        where created_at >= ${start} and created_at < ${end} and ${notDemoCustomer(sql`customer_id`)}
        group by state`,
  );
  const [payouts] = await rows<{ n: unknown; avg_seconds: string | null }>(
    db,
    sql`select count(*) as n,
               avg(extract(epoch from payout_sent_at - deposit_confirmed_at))::text as avg_seconds
        from orders
        where payout_sent_at >= ${start} and payout_sent_at < ${end}
          and deposit_confirmed_at is not null and ${notDemoCustomer(sql`customer_id`)}`,
  );
  const byState = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const row of orderCounts) byState[row.state] = n(row.n);

  const sum = (key: string) => daily.reduce((total, d) => total + n(d[key]), 0);
  const completed = sum('completed');
  const totalTx = sum('transactions');
  const naira = (key: string) => daily.reduce((total, d) => total.plus(String(d[key])), dec(0));
  const volume = naira('volume');
  const completedTrades = sum('completed_trades');
  const rangeBitcoin = sum('bitcoin');
  const rangeUsdt = sum('usdt');
  const rangeSessions = rangeBitcoin + rangeUsdt;
  return {
    range: { from, to, timeZone: tz },
    userStats: {
      total: n(users?.total),
      agents: n(users?.agents),
      customers: n(users?.customers),
      newThisWeek: n(users?.new_this_week),
    },
    sessionStats: {
      total: n(sessions?.total),
      active: n(sessions?.active),
      bitcoin: n(sessions?.bitcoin),
      usdt: n(sessions?.usdt),
      activeBitcoin: n(sessions?.active_bitcoin),
      activeUsdt: n(sessions?.active_usdt),
    },
    transactionStats: {
      total: totalTx,
      completed,
      pending: sum('pending'),
      failed: sum('failed'),
      completedTrades,
      totalVolume: volume.toFixed(2),
      refunds: naira('refunds').toFixed(2),
      charges: naira('charges').toFixed(2),
      adjustments: naira('adjustments').toFixed(2),
    },
    distribution: {
      bitcoin: ratio(rangeBitcoin, rangeSessions, 100),
      usdt: ratio(rangeUsdt, rangeSessions, 100),
    },
    metrics: {
      successRate: ratio(completed, totalTx, 100),
      avgVolume: ratio(volume, completedTrades),
      agentUtilization: ratio(n(sessions?.active), n(users?.agents)),
    },
    orderStats: {
      total: orderCounts.reduce((total, row) => total + n(row.n), 0),
      byState,
      payoutsSent: n(payouts?.n),
      avgDepositToPayoutSeconds:
        payouts?.avg_seconds == null
          ? null
          : dec(payouts.avg_seconds).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    },
    dailyActivity: daily.map((d) => ({
      date: String(d.day),
      sessions: n(d.sessions),
      transactions: n(d.transactions),
    })),
  };
}
