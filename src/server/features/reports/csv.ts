import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../shared/api/reports';
import { csvRow } from '../../platform/csv';

export { csvField, csvRow } from '../../platform/csv';

/** Rows read per query. */
export const BATCH = 1000;

/** `column` within the Lagos days `from` to `to`, both included. */
export function lagosDaysSql(column: SQL, from: string, to: string): SQL {
  const tz = BUSINESS_TIME_ZONE;
  return sql`${column} >= (${from}::date::timestamp at time zone ${tz}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${tz})`;
}

/** Streams rows in id order, a batch at a time (keyset), so memory stays flat for any range. */
export function csvStream(
  header: string[],
  next: (afterId: number) => Promise<{ id: number; cells: unknown[] }[]>,
): Readable {
  async function* lines() {
    yield csvRow(header);
    for (let afterId = 0; ;) {
      const batch = await next(afterId);
      if (batch.length === 0) return;
      afterId = batch.at(-1)!.id;
      yield batch.map((r) => csvRow(r.cells)).join('');
    }
  }
  return Readable.from(lines());
}
