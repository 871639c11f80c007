import { sql } from 'drizzle-orm';
import { notDemoCustomer } from '../../db/demo-customer';
import { withinLagosDays } from '../../db/lagos-days';
import type { MyServiceToday } from '../../../shared/api/service-metrics';
import { BUSINESS_TIME_ZONE, lagosToday } from '../../../shared/lagos-days';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { resolutionsSql, responseTurnsSql, secondsBetween } from './response-pairs';

/**
 * The agent dashboard's "Resolved Today" and "Avg Response": the chats the agent resolved today
 * and the average wait of the first responses they sent today, today being `now`'s Lagos day.
 */
export async function myServiceToday(options: {
  db: Db;
  agentId: string;
  now: Date;
}): Promise<MyServiceToday> {
  const { db, agentId } = options;
  const day = lagosToday(options.now);
  const today = { from: day, to: day };
  // A chat's first response is at its first_response_at: only today's chats are turned over.
  // The demo customer's chats (DEMO_MODE's test pages) are not service.
  const firstToday = sql`select id from chat_sessions
    where ${withinLagosDays(sql`first_response_at`, today)} and ${notDemoCustomer(sql`customer_id`)}`;
  const [row] = await rows<{
    resolved: string | number;
    first: string | number;
    avg: number | null;
  }>(
    db,
    sql`
    with r as (${responseTurnsSql(firstToday)}),
    mine as (
      select ${secondsBetween(sql`waited_from`, sql`replied_at`)} as wait
      from r
      where ordinal = 1 and replied_by = ${agentId}::uuid
        and ${withinLagosDays(sql`replied_at`, today)}
    )
    select (select count(*) from (${resolutionsSql(withinLagosDays(sql`a.created_at`, today))}) done
             where done.agent_id = ${agentId}::uuid) as resolved,
           (select count(*) from mine) as first,
           (select round(avg(wait))::int from mine) as avg`,
  );
  return {
    day,
    timeZone: BUSINESS_TIME_ZONE,
    resolved: Number(row?.resolved ?? 0),
    firstResponses: Number(row?.first ?? 0),
    averageFirstResponseSeconds: row?.avg ?? null,
  };
}
