import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../shared/lagos-days';

/** The moment the Lagos day `day` (YYYY-MM-DD) begins. */
export function startOfLagosDay(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
}

/** The moment the Lagos day `day` ends (the next one begins). */
export function endOfLagosDay(day: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
}

/** `column` within the Lagos days `from` to `to`, both included. */
export function withinLagosDays(column: SQL, days: { from: string; to: string }): SQL {
  return sql`${column} >= ${startOfLagosDay(days.from)} and ${column} < ${endOfLagosDay(days.to)}`;
}
