import { sql } from 'drizzle-orm';
import { bigint, date, index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { messages } from './chat';
import { createdAt, naira, timestamptz } from './columns';

/** Where an image's reading stands: queued, read (something was found) or nothing readable. */
export const IMAGE_READING_STATUSES = ['pending', 'read', 'unreadable'] as const;
export const imageReadingStatusEnum = pgEnum('image_reading_status', IMAGE_READING_STATUSES);

/**
 * What OCR read on an image message (features/image-readings): a receipt's transaction reference
 * or session id, amount, date and account. One row per image, written `pending` when the image is
 * stored and filled in by the reader off the request path; a restart reads the pending ones.
 * Staff only: nothing here reaches a customer.
 */
export const imageReadings = pgTable(
  'image_readings',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    status: imageReadingStatusEnum('status').notNull().default('pending'),
    /** The transaction reference or session id, as printed (spaces taken out). */
    reference: text('reference'),
    /**
     * The reference with the characters OCR confuses made one (O and 0, I and 1, B and 8, …):
     * two readings of one receipt compare equal even when one read ZIB and the other Z1B.
     */
    referenceKey: text('reference_key'),
    /** The amount in naira, to the kobo. */
    amount: naira('amount'),
    receiptDate: date('receipt_date', { mode: 'string' }),
    /** A 10-digit account number (NUBAN) on the receipt. */
    account: text('account'),
    /** Until when a reader has claimed it: another instance takes it over after that. */
    claimedUntil: timestamptz('claimed_until'),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The reader takes the oldest pending image first.
    index('image_readings_pending_idx')
      .on(t.messageId)
      .where(sql`${t.status} = 'pending'`),
    // "Same receipt as …": a reference is looked up among every image read.
    index('image_readings_reference_idx')
      .on(t.referenceKey)
      .where(sql`${t.referenceKey} is not null`),
  ],
);
