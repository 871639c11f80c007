import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import type { AttachmentMeta } from '../../db/schema';
import type { ObjectStorage } from '../../platform/storage';
import { GraphApiError, type GraphApi } from './graph-api';
import { orderStepBody } from './order-messages';

/** WhatsApp allows free-form messages this long after the customer's last one. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export const WINDOW_CLOSED_TITLE =
  'The 24-hour window has closed: only the re-engagement template can be sent';

/**
 * How long a claimed row is this instance's: past it (the instance died mid-send), another
 * instance or the next start sends it. Longer than a Graph API call may take.
 */
const LEASE_MS = 30_000;

/** A retryable failure is tried this many times at most, then shown as failed. */
const MAX_SEND_ATTEMPTS = 10;

/** Seconds before the n-th retry: 1, 2, 4 ... up to 5 minutes, with a little jitter. */
export function backoffMs(attempt: number): number {
  const base = Math.min(1000 * 2 ** (attempt - 1), 5 * 60 * 1000);
  return base + Math.floor(Math.random() * base * 0.2);
}

interface ClaimedRow {
  id: string;
  wa_id: string;
  payload: Record<string, unknown> | null;
  order_event_id: number | null;
  part: 'step' | 'qr' | null;
  attempts: number;
  content: string | null;
  attachment: AttachmentMeta | null;
  last_inbound_at: unknown;
}

/**
 * The Graph API body for a row: its own payload, an order step's message (built now, decision
 * 036), or the desk message: its text, or its image (uploaded through the media API first) with
 * the caption.
 */
async function bodyOf(
  row: ClaimedRow,
  db: Db,
  graph: GraphApi,
  storage: ObjectStorage,
): Promise<Record<string, unknown>> {
  if (row.payload) return row.payload;
  if (row.order_event_id !== null) {
    return orderStepBody({
      db,
      graph,
      orderEventId: Number(row.order_event_id),
      part: row.part ?? 'step',
    });
  }
  const attachment = row.attachment;
  if (!attachment) return { type: 'text', text: { body: row.content ?? '', preview_url: false } };
  const stored = await storage.open(attachment.storageKey);
  if (!stored) throw new GraphApiError(null, null, 'The image is no longer stored', false);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const id = await graph.uploadMedia(
    Buffer.concat(chunks),
    attachment.mime,
    attachment.originalName,
  );
  return { type: 'image', image: { id, ...(row.content ? { caption: row.content } : {}) } };
}

interface Outcome {
  status: 'sending' | 'sent' | 'failed';
  wamid?: string;
  errorCode?: number | null;
  errorTitle?: string;
  nextAttemptAt?: Date;
}

async function record(db: Db, id: string, fields: Outcome): Promise<void> {
  await db.execute(
    sql`update whatsapp_outbox
        set status = ${fields.status}, wamid = coalesce(${fields.wamid ?? null}, wamid),
            error_code = ${fields.errorCode ?? null}::integer,
            error_title = ${fields.errorTitle ?? null},
            next_attempt_at = coalesce(${fields.nextAttemptAt?.toISOString() ?? null}::timestamptz,
                                       next_attempt_at),
            updated_at = now()
        where id = ${id}`,
  );
}

/**
 * One pass of the outbox: claims the rows that are due (FOR UPDATE SKIP LOCKED, so two
 * instances never claim the same row) by moving their next attempt past a lease, then sends them
 * one by one outside any transaction and records Meta's answer. 429 and 5xx (and no answer) are
 * retried with backoff; any other refusal is final and shows Meta's error title. Anything but
 * a template after the 24-hour window is not sent: it fails with WINDOW_CLOSED_TITLE.
 */
export async function sendOutbox(options: {
  db: Db;
  graph: GraphApi;
  storage: ObjectStorage;
  now: Date;
  logger: FastifyBaseLogger;
}): Promise<number> {
  const { db, graph, storage, now, logger } = options;
  const at = now.toISOString();
  const claimed = await rows<ClaimedRow>(
    db,
    sql`with due as (
          select id from whatsapp_outbox
          where status = 'sending'
            and (next_attempt_at is null or next_attempt_at <= ${at}::timestamptz)
          order by id limit 20
          for update skip locked
        ),
        claimed as (
          update whatsapp_outbox o
          set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
              attempts = o.attempts + 1
          from due where o.id = due.id
          returning o.id, o.wa_id, o.payload, o.order_event_id, o.part, o.attempts, o.message_id
        )
        select c.id, c.wa_id, c.payload, c.order_event_id, c.part, c.attempts, m.content,
               m.attachment,
               k.last_inbound_at
        from claimed c
        left join messages m on m.id = c.message_id
        left join whatsapp_contacts k on k.wa_id = c.wa_id
        order by c.id`,
  );
  for (const row of claimed) {
    const lastInbound = row.last_inbound_at ? new Date(iso(row.last_inbound_at)) : null;
    const windowOpen = lastInbound !== null && now.getTime() - lastInbound.getTime() < WINDOW_MS;
    // Only a template may open a conversation; everything else is free-form (an order step too).
    if (row.payload?.type !== 'template' && !windowOpen) {
      await record(db, row.id, { status: 'failed', errorTitle: WINDOW_CLOSED_TITLE });
      continue;
    }
    try {
      const wamid = await graph.send(row.wa_id, await bodyOf(row, db, graph, storage));
      await record(db, row.id, { status: 'sent', wamid });
    } catch (error) {
      if (!(error instanceof GraphApiError)) throw error;
      const retry = error.retryable && row.attempts < MAX_SEND_ATTEMPTS;
      if (!retry) logger.warn({ err: error, outbox: row.id }, 'WhatsApp message not sent');
      await record(
        db,
        row.id,
        retry
          ? {
              status: 'sending',
              errorCode: error.code,
              errorTitle: error.title,
              nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
            }
          : { status: 'failed', errorCode: error.code, errorTitle: error.title },
      );
    }
  }
  return claimed.length;
}
