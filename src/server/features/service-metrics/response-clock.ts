import { sql, type SQL } from 'drizzle-orm';

/**
 * The `set` items a message's insert adds to its chat's update, keeping the two times the inbox
 * reads cheaply: a customer message starts the wait (unless one already runs); a staff message
 * ends it, and the first one to end a wait is the chat's first response. Private notes are not
 * messages to the customer: their insert leaves the chat alone and never comes here.
 */
export function responseClockSet(options: { byStaff: boolean; at: Date }): SQL {
  const at = sql`${options.at.toISOString()}::timestamptz`;
  return options.byStaff
    ? sql`first_response_at = case when first_response_at is null and waiting_since is not null
                                    then ${at} else first_response_at end,
          waiting_since = null`
    : sql`waiting_since = coalesce(waiting_since, ${at})`;
}
