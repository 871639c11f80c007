import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * How long a processed delivery's raw body (numbers, names, texts) is kept: long enough to look
 * into a problem, not longer. The messages it made are in the chat.
 */
export const DELIVERY_RETENTION_DAYS = 7;

/** Deletes processed deliveries past DELIVERY_RETENTION_DAYS; pending ones always stay. */
export async function pruneDeliveries(options: { db: Db; now: Date }): Promise<void> {
  const cutoff = new Date(options.now.getTime() - DELIVERY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await options.db.execute(
    sql`delete from whatsapp_deliveries
        where processed_at is not null and processed_at < ${cutoff.toISOString()}::timestamptz`,
  );
}
