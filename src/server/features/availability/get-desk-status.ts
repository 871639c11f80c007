import { sql } from 'drizzle-orm';
import type { DeskStatus } from '../../../shared/api/availability';
import { notDemoCustomer } from '../../db/demo-customer';
import type { RateCurrency } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { countsAsReplySql } from '../service-metrics';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a customer sees of a desk: the first names of its real Online agents, the ones
 * round-robin would give a new chat to (the desk's own and general agents; not admins), and the typical reply time: the
 * median, over the desk's chats of the last 7 days, of the time from the customer's first
 * message to the first staff message after it, in whole minutes rounded up (null with no reply).
 */
export async function getDeskStatus(options: {
  db: Db;
  desk: RateCurrency;
  now: Date;
  /** The typical reply time, when the caller keeps it; read here otherwise. */
  typicalReplyMinutes?: (desk: RateCurrency) => Promise<number | null>;
}): Promise<DeskStatus> {
  const { db, desk, now } = options;
  const online = await rows<{ first_name: string | null }>(
    db,
    sql`select u.first_name
        from agent_availability a join users u on u.id = a.agent_id
        where a.state = 'online' and u.is_active and u.is_agent and not u.is_admin
          and coalesce(u.agent_type::text, 'general') in (${desk}, 'general')
        order by u.first_name nulls last`,
  );
  const typical = options.typicalReplyMinutes
    ? await options.typicalReplyMinutes(desk)
    : await typicalReplyMinutes({ db, desk, now });
  return {
    desk,
    online: online.length > 0,
    onlineAgents: online.map((r) => ({ firstName: r.first_name })),
    typicalReplyMinutes: typical,
  };
}

/**
 * The median first response of the desk's chats of the last 7 days, in minutes rounded up: a
 * person's reply (no private note, no payout-proof image).
 */
export async function typicalReplyMinutes(options: {
  db: Db;
  desk: RateCurrency;
  now: Date;
}): Promise<number | null> {
  const { db, desk, now } = options;
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const [typical] = await rows<{ seconds: string | number | null }>(
    db,
    sql`with asked as (
          select s.id, s.customer_id,
                 (select min(m.created_at) from messages m
                  where m.chat_session_id = s.id and m.sender_id = s.customer_id) as asked_at
          from chat_sessions s
          where s.category = ${desk} and s.created_at >= ${since}::timestamptz
            and s.created_at <= ${now.toISOString()}::timestamptz
            and ${notDemoCustomer(sql`s.customer_id`)}
        ),
        answered as (
          select a.asked_at,
                 (select min(m.created_at) from messages m
                  where m.chat_session_id = a.id and m.sender_id <> a.customer_id
                    and m.created_at >= a.asked_at and ${countsAsReplySql(sql`m`)}) as replied_at
          from asked a where a.asked_at is not null
        )
        select percentile_cont(0.5) within group
                 (order by extract(epoch from replied_at - asked_at)) as seconds
        from answered where replied_at is not null`,
  );
  const seconds =
    typical?.seconds === null || typical?.seconds === undefined ? null : Number(typical.seconds);
  return seconds === null ? null : Math.max(1, Math.ceil(seconds / 60));
}
