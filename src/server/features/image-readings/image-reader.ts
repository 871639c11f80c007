import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import type { AttachmentMeta } from '../../db/schema';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import type { ObjectStorage } from '../../platform/storage';
import { flagImageSeenBefore } from './flag-reading';
import { parseReceipt, referenceKey, type ReceiptReading } from './parse-receipt';
import type { ReceiptOcr } from './receipt-ocr';

/** How long a reader holds an image it took: another instance takes it over after that. */
const CLAIM_SECONDS = 120;
/** How often pending images are looked for when nothing woke the reader (another instance's). */
const SWEEP_MS = 30_000;

/**
 * The pending reading of a new image message, written in the message's own statement or
 * transaction: a message stored is a reading queued, even if the process stops before it reads
 * it. `messageId`: the id, or an expression over `from` (the statement's inserted row).
 */
export function queueImageReading(messageId: number | SQL, from: SQL = sql``): SQL {
  return sql`insert into image_readings (message_id) select ${messageId} ${from}`;
}

async function bytesOf(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.open(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads image messages with OCR, one at a time, off the request path: the oldest pending reading
 * first, claimed for CLAIM_SECONDS so two instances never read one image at once. Each reading
 * is stored (read when a reference or an amount was found, else unreadable) and then compared
 * with earlier images (flag-reading.ts). Woken by this instance's image messages; every
 * SWEEP_MS it also looks for readings a stopped instance left pending. With `ocr` null
 * (RECEIPT_OCR=off) every image is unreadable: only the fingerprint is compared.
 */
export class ImageReader {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly options: {
      db: Db;
      events: EventLog;
      bus: EventBus;
      storage: ObjectStorage;
      ocr: ReceiptOcr | null;
      logger: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.options.bus.on('eventsCommitted', ({ events }) => {
      if (events.some((e) => e.type === 'message.created' && e.message.messageType === 'image'))
        this.wake();
    });
    this.timer = setInterval(() => this.wake(), SWEEP_MS);
    this.timer.unref();
    this.wake();
  }

  /** Reads what is pending now; a wake during a run makes it look again at its end. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'image reader failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once nothing is being read (tests, and the shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.idle();
    await this.options.ocr?.stop();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const [claimed] = await rows<{ message_id: string; attachment: AttachmentMeta | null }>(
        this.options.db,
        sql`
          update image_readings r set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
          from messages m
          where r.message_id = (
              select message_id from image_readings
              where status = 'pending' and (claimed_until is null or claimed_until < now())
              order by message_id limit 1
              for update skip locked)
            and m.id = r.message_id
          returning r.message_id, m.attachment`,
      );
      if (!claimed) return;
      await this.readOne(Number(claimed.message_id), claimed.attachment);
    }
  }

  private async readOne(messageId: number, attachment: AttachmentMeta | null): Promise<void> {
    const { db, events, storage, ocr, logger } = this.options;
    let reading: ReceiptReading | null = null;
    const started = performance.now();
    try {
      const image = attachment && ocr ? await bytesOf(storage, attachment.storageKey) : null;
      if (image && ocr) reading = parseReceipt(await ocr.read(image));
    } catch (error) {
      logger.warn({ err: error, messageId }, 'image could not be read');
    }
    const read = reading !== null && (reading.reference !== null || reading.amount !== null);
    const stored = await rows<{ message_id: string }>(
      db,
      sql`
      update image_readings set
        status = ${read ? 'read' : 'unreadable'},
        reference = ${reading?.reference ?? null},
        reference_key = ${reading?.reference ? referenceKey(reading.reference) : null},
        amount = ${reading?.amount ?? null}::numeric,
        receipt_date = ${reading?.date ?? null}::date,
        account = ${reading?.account ?? null},
        claimed_until = null,
        read_at = now()
      where message_id = ${messageId} and status = 'pending'
      returning message_id`,
    );
    logger.debug({ messageId, ms: Math.round(performance.now() - started), read }, 'image read');
    // Another instance read it first (this one's claim had run out): it flagged it too.
    if (stored.length > 0) await flagImageSeenBefore({ db, events, messageId });
  }
}
