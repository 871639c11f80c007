import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, type Analytics } from '../../../shared/api/admin';
import { dec } from '../../../shared/money';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';

/** Both drivers answer raw queries with `rows`; the generic database type cannot say so. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const n = (value: unknown) => Number(value ?? 0);

/** A ratio as a 2-place string, or null when the divisor is zero (the screen shows "-"). */
function ratio(numerator: Decimal.Value, divisor: Decimal.Value, times = 1): string | null {
  const d = dec(divisor);
  if (d.isZero()) return null;
  return dec(numerator).times(times).div(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Today in Lagos, as YYYY-MM-DD. */
export function lagosToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The admin dashboard's figures, computed by PostgreSQL in a handful of aggregate queries
 * (no rows are loaded into memory). Days are Lagos days; the range is inclusive.
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
  const start = sql`(${from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;

  const [users] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*) as total,
               count(*) filter (where (is_agent or is_admin) and is_active) as agents,
               count(*) filter (where not is_agent and not is_admin) as customers,
               count(*) filter (where created_at >= now() - interval '7 days') as new_this_week
        from users`,
  );
  const [sessions] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*) as total,
               count(*) filter (where status in ('open', 'active')) as active,
               count(*) filter (where category = 'bitcoin') as bitcoin,
               count(*) filter (where category = 'usdt') as usdt,
               count(*) filter (where status in ('open', 'active') and category = 'bitcoin') as active_bitcoin,
               count(*) filter (where status in ('open', 'active') and category = 'usdt') as active_usdt,
               count(*) filter (where created_at >= ${start} and created_at < ${end} and category = 'bitcoin') as range_bitcoin,
               count(*) filter (where created_at >= ${start} and created_at < ${end} and category = 'usdt') as range_usdt
        from chat_sessions`,
  );
  const [tx] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*) as total,
               count(*) filter (where status = 'completed') as completed,
               count(*) filter (where status = 'pending') as pending,
               count(*) filter (where status = 'failed') as failed,
               coalesce(sum(total) filter (where status = 'completed'), 0)::text as volume
        from transactions
        where created_at >= ${start} and created_at < ${end}`,
  );
  const daily = await rows<{ day: unknown; sessions: unknown; transactions: unknown }>(
    db,
    sql`with days as (
          select (${from}::date + i) as day from generate_series(0, ${to}::date - ${from}::date) as i
        ),
        s as (
          select (created_at at time zone ${tz})::date as day, count(*) as n from chat_sessions
          where created_at >= ${start} and created_at < ${end} group by 1
        ),
        t as (
          select (created_at at time zone ${tz})::date as day, count(*) as n from transactions
          where created_at >= ${start} and created_at < ${end} group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0) as sessions, coalesce(t.n, 0) as transactions
        from days left join s on s.day = days.day left join t on t.day = days.day
        order by days.day`,
  );

  const completed = n(tx?.completed);
  const volume = dec(String(tx?.volume ?? '0'));
  const rangeSessions = n(sessions?.range_bitcoin) + n(sessions?.range_usdt);
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
      total: n(tx?.total),
      completed,
      pending: n(tx?.pending),
      failed: n(tx?.failed),
      totalVolume: volume.toFixed(2),
    },
    distribution: {
      bitcoin: ratio(n(sessions?.range_bitcoin), rangeSessions, 100),
      usdt: ratio(n(sessions?.range_usdt), rangeSessions, 100),
    },
    metrics: {
      successRate: ratio(completed, n(tx?.total), 100),
      avgVolume: ratio(volume, completed),
      agentUtilization: ratio(n(sessions?.active), n(users?.agents)),
    },
    dailyActivity: daily.map((d) => ({
      date: String(d.day),
      sessions: n(d.sessions),
      transactions: n(d.transactions),
    })),
  };
}
