import { sql, type SQL } from 'drizzle-orm';

/**
 * The `set` items a message's insert adds to its chat's update, keeping the two times the inbox
 * reads cheaply: a customer message starts the wait (unless one already runs); a staff message
 * ends it, and the first one to end a wait is the chat's first response. Private notes are not
 * messages to the customer: their insert leaves the chat alone and never comes here.
 */
export function responseClockSet(options: {
  /** Whether staff wrote it, or (several messages in one statement) a boolean expression. */
  byStaff: boolean | SQL;
  at: Date | SQL;
}): SQL {
  const at =
    options.at instanceof Date ? sql`${options.at.toISOString()}::timestamptz` : options.at;
  const byStaff =
    typeof options.byStaff === 'boolean' ? sql.raw(String(options.byStaff)) : options.byStaff;
  return sql`first_response_at = case when ${byStaff} and first_response_at is null
                                            and waiting_since is not null
                                       then ${at} else first_response_at end,
             waiting_since = case when ${byStaff} then null else coalesce(waiting_since, ${at}) end`;
}
