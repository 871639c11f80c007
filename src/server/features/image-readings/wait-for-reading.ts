import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { imageReadings } from '../../db/schema';

export type ImageReading = Pick<
  typeof imageReadings.$inferSelect,
  'status' | 'reference' | 'referenceKey' | 'amount' | 'receiptDate' | 'account'
>;

const POLL_MS = 100;

/**
 * The reading of an image message, waiting up to `timeoutMs` while it is pending (the reader may
 * be on another instance: the database is asked, not this process). Null for an image with no
 * reading (sent before images were read); a reading still pending at the deadline comes back
 * pending.
 */
export async function waitForReading(options: {
  db: Db;
  messageId: number;
  timeoutMs: number;
}): Promise<ImageReading | null> {
  const { db, messageId, timeoutMs } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [reading] = await db
      .select({
        status: imageReadings.status,
        reference: imageReadings.reference,
        referenceKey: imageReadings.referenceKey,
        amount: imageReadings.amount,
        receiptDate: imageReadings.receiptDate,
        account: imageReadings.account,
      })
      .from(imageReadings)
      .where(eq(imageReadings.messageId, messageId));
    if (!reading || reading.status !== 'pending' || performance.now() >= deadline)
      return reading ?? null;
    await sleep(POLL_MS);
  }
}
