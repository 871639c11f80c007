import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { notDemoCustomer } from '../../db/demo-customer';
import { endOfLagosDay, startOfLagosDay, withinLagosDays } from '../../db/lagos-days';
import { BUSINESS_TIME_ZONE } from '../../../shared/lagos-days';
import {
  type AgentServicePage,
  type AgentServiceRow,
  type agentServiceQuerySchema,
} from '../../../shared/api/service-metrics';
import { dec } from '../../../shared/money';
import { periodDays } from '../../../shared/service-metrics/periods';
import type { Db } from '../../db/client';
import { containsPattern, rows } from '../../db/raw';
import { resolutionsSql, responseTurnsSql, secondsBetween } from './response-pairs';

interface AgentRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  chats_handled: string | number | null;
  first_responses: string | number | null;
  median_first: number | null;
  resolved: string | number | null;
  orders_completed: string | number | null;
  orders_volume: string | null;
  break_seconds: string | number | null;
}

/**
 * The Agents tab: per agent (admins too), for the Lagos days of `period` ending with `now`'s:
 * chats handled, first responses and their median wait, chats resolved, orders completed and
 * their naira volume, and time on Break. Each figure is one grouped pass over its own table's
 * rows in the period, found by their time index.
 */
export async function agentService(
  options: z.output<typeof agentServiceQuerySchema> & { db: Db; now: Date },
): Promise<AgentServicePage> {
  const { db, period, now } = options;
  const days = periodDays(period, now);
  const within = (column: SQL) => withinLagosDays(column, days);
  const start = startOfLagosDay(days.from);
  const end = sql`least(${endOfLagosDay(days.to)}, ${now.toISOString()}::timestamptz)`;
  const agents: SQL[] = [sql`(u.is_agent or u.is_admin)`];
  if (options.q) {
    const p = containsPattern(options.q);
    agents.push(
      sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${p} or u.email ilike ${p})`,
    );
  }
  const realChat = notDemoCustomer(sql`s.customer_id`);
  const found = await rows<AgentRow>(
    db,
    sql`
    with handled as (
      select m.sender_id as agent_id, count(distinct m.chat_session_id) as chats_handled
      from messages m join chat_sessions s on s.id = m.chat_session_id
      where ${within(sql`m.created_at`)} and m.sender_id <> s.customer_id
        and m.message_type::text <> 'note' and ${realChat}
      group by m.sender_id
    ),
    firsts as (
      select replied_by as agent_id, count(*) as first_responses,
             -- numeric: a median halfway between two seconds rounds up, not to even.
             round((percentile_cont(0.5) within group (
               order by ${secondsBetween(sql`waited_from`, sql`replied_at`)}))::numeric)::int
               as median_first
      from (${responseTurnsSql(
        sql`select s.id from chat_sessions s where ${within(sql`s.first_response_at`)} and ${realChat}`,
      )}) r
      where ordinal = 1 and replied_at is not null
      group by replied_by
    ),
    resolved as (
      select agent_id, count(*) as resolved
      from (${resolutionsSql(within(sql`a.created_at`))}) r
      group by agent_id
    ),
    completed as (
      select o.paid_by as agent_id, count(*) as orders_completed,
             sum(o.total_naira) as orders_volume
      from orders o
      where o.state = 'completed' and ${within(sql`o.completed_at`)} and o.paid_by is not null
        and ${notDemoCustomer(sql`o.customer_id`)}
      group by o.paid_by
    ),
    breaks as (
      select agent_id,
             sum(greatest(0, extract(epoch from (least(ended_at, ${end}) - greatest(started_at, ${start})))))
               as break_seconds
      from (
        select agent_id, state, started_at,
               coalesce(lead(started_at) over (partition by agent_id order by started_at, id),
                        ${now.toISOString()}::timestamptz) as ended_at
        from agent_availability_changes
        where started_at < ${end}
      ) spans
      where state::text = 'break' and ended_at > ${start}
      group by agent_id
    )
    select u.id, u.first_name, u.last_name, u.email,
           h.chats_handled, f.first_responses, f.median_first, r.resolved,
           c.orders_completed, c.orders_volume::text as orders_volume, b.break_seconds
    from users u
    left join handled h on h.agent_id = u.id
    left join firsts f on f.agent_id = u.id
    left join resolved r on r.agent_id = u.id
    left join completed c on c.agent_id = u.id
    left join breaks b on b.agent_id = u.id
    where ${sql.join(agents, sql` and `)}
    order by lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), u.email, u.id`,
  );
  return {
    period,
    range: { ...days, timeZone: BUSINESS_TIME_ZONE },
    items: found.map(toRow),
    nextCursor: null,
  };
}

function toRow(row: AgentRow): AgentServiceRow {
  return {
    agentId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    chatsHandled: Number(row.chats_handled ?? 0),
    firstResponses: Number(row.first_responses ?? 0),
    medianFirstResponseSeconds: row.median_first,
    resolved: Number(row.resolved ?? 0),
    ordersCompleted: Number(row.orders_completed ?? 0),
    ordersVolumeNgn: dec(row.orders_volume ?? '0').toFixed(2),
    breakSeconds: Math.round(Number(row.break_seconds ?? 0)),
  };
}
