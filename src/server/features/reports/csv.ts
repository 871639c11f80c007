import { Readable } from 'node:stream';
import { csvRow } from '../../platform/csv';

export { csvField, csvRow } from '../../platform/csv';

/** Rows read per query. */
export const BATCH = 1000;

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
