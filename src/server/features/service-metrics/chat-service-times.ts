import { sql } from 'drizzle-orm';
import type { ChatServiceTimes } from '../../../shared/api/service-metrics';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { AppError } from '../../platform/errors';
import { responseTurnsSql, secondsBetween } from './response-pairs';

/** One chat's first response, next responses (count, median, average) and resolution, in seconds. */
export async function chatServiceTimes(options: {
  db: Db;
  chatSessionId: number;
}): Promise<ChatServiceTimes> {
  const { db, chatSessionId } = options;
  const wait = secondsBetween(sql`waited_from`, sql`replied_at`);
  const [row] = await rows<{
    id: number;
    waiting_since: unknown;
    resolution_seconds: number | null;
    first_seconds: number | null;
    next_count: string | number;
    next_median: number | null;
    next_average: number | null;
  }>(
    db,
    sql`
    with r as (${responseTurnsSql(sql`${chatSessionId}`)})
    select s.id, s.waiting_since,
           case when s.resolved_at is not null
                then ${secondsBetween(sql`s.created_at`, sql`s.resolved_at`)} end
             as resolution_seconds,
           (select ${wait} from r where ordinal = 1 and replied_at is not null) as first_seconds,
           (select count(*) from r where ordinal > 1 and replied_at is not null) as next_count,
           -- numeric: a median halfway between two seconds rounds up, not to even.
           (select round((percentile_cont(0.5) within group (order by ${wait}))::numeric)::int
              from r where ordinal > 1 and replied_at is not null) as next_median,
           (select round(avg(${wait}))::int
              from r where ordinal > 1 and replied_at is not null) as next_average
    from chat_sessions s
    where s.id = ${chatSessionId}`,
  );
  if (!row) throw new AppError('not_found', 'Chat session not found');
  return {
    chatSessionId: row.id,
    firstResponseSeconds: row.first_seconds,
    nextResponses: {
      count: Number(row.next_count),
      medianSeconds: row.next_median,
      averageSeconds: row.next_average,
    },
    resolutionSeconds: row.resolution_seconds,
    waitingSince: row.waiting_since === null ? null : iso(row.waiting_since),
  };
}
