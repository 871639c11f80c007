import { sql } from 'drizzle-orm';
import type { WhatsappStatus } from '../../../shared/api/whatsapp';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';

/**
 * The ticks' order: a status applies only over a lower one, so updates that arrive out of order
 * (read before delivered) never move a tick back. A failure counts over sending and sent only.
 */
const RANK = { sending: 0, sent: 1, failed: 2, delivered: 3, read: 4 } as const;
type Tick = keyof typeof RANK;

/** The row's current tick as its rank (built from the constants above, no input in it). */
const CURRENT_RANK = sql.raw(
  `case status ${Object.entries(RANK)
    .map(([tick, rank]) => `when '${tick}' then ${rank}`)
    .join(' ')} end`,
);

function isTick(status: string): status is Exclude<Tick, 'sending'> {
  return status !== 'sending' && status in RANK;
}

/**
 * A status update for a message sent from here. False when no sent message has its wamid yet
 * (the send's answer may not be recorded yet): the caller tries again later. A status for a
 * number that is no one's any more (a customer erased since, decision 037) is dropped: waiting
 * would only keep their number in a pending delivery.
 */
export async function applyStatus(options: { db: Db; status: WhatsappStatus }): Promise<boolean> {
  const { db, status } = options;
  if (!isTick(status.status)) return true;
  const rank = RANK[status.status];
  const failure =
    status.status === 'failed'
      ? {
          code: status.errors?.[0]?.code ?? null,
          title: status.errors?.[0]?.title ?? 'Not delivered',
        }
      : null;
  const found = await rows<{ id: string }>(
    db,
    sql`update whatsapp_outbox
        set status = ${status.status},
            error_code = ${failure?.code ?? null}::integer,
            error_title = ${failure?.title ?? null},
            updated_at = now()
        where wamid = ${status.id} and ${CURRENT_RANK} < ${rank}
        returning id`,
  );
  if (found.length > 0) return true;
  const [known] = await rows<{ known: boolean; recipient_known: boolean }>(
    db,
    sql`select exists (select 1 from whatsapp_outbox where wamid = ${status.id}) as known,
               exists (select 1 from whatsapp_contacts
                       where wa_id = ${status.recipient_id ?? null}) as recipient_known`,
  );
  return known!.known || (status.recipient_id !== undefined && !known!.recipient_known);
}
