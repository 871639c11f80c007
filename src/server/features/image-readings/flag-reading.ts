import { sql, type SQL } from 'drizzle-orm';
import type { ImageSeenBefore } from '../../../shared/api/messages';
import { OPEN_ORDER_STATES } from '../../../shared/orders/states';
import { isDemoCustomer } from '../../db/demo-customer';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import type { EventLog } from '../../platform/realtime/events';
import { FINGERPRINT_MAX_DISTANCE } from './image-fingerprint';

interface Earlier {
  id: string;
  chat_session_id: number;
  created_at: Date | string;
  reference: string | null;
  order_reference: string | null;
}

/**
 * The earlier images `messageId` is compared with: those sent in another customer's chat, or in
 * this customer's chats before this chat's open order began (a customer's image sent again
 * during one order is not reuse), with their reading and the order each belongs to (the order
 * it proves, else its chat's latest order begun before it). The earliest `matching` one.
 */
function earliest(messageId: number, matching: SQL): SQL {
  const openStates = sql.join(
    OPEN_ORDER_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  return sql`
    with this as (
      select m.id, m.chat_session_id, m.image_fingerprint as fingerprint, s.customer_id,
             r.reference_key
      from messages m join chat_sessions s on s.id = m.chat_session_id
      left join image_readings r on r.message_id = m.id
      where m.id = ${messageId}
    ),
    open_order as (
      select min(o.created_at) as since from orders o, this
      where o.chat_session_id = this.chat_session_id and o.state::text in (${openStates})
    )
    select m.id, m.chat_session_id, m.created_at, r.reference,
           coalesce(
             (select o.reference from orders o
              where o.payout_proof_message_id = m.id or o.deposit_screenshot_message_id = m.id
              limit 1),
             (select o.reference from orders o
              where o.chat_session_id = m.chat_session_id and o.created_at <= m.created_at
              order by o.created_at desc limit 1)
           ) as order_reference
    from this, messages m
    join chat_sessions s on s.id = m.chat_session_id
    left join image_readings r on r.message_id = m.id
    where m.id <> this.id and m.message_type = 'image' and m.attachment is not null
      and (s.customer_id <> this.customer_id or m.created_at < (select since from open_order))
      and ${matching}
    order by m.created_at, m.id
    limit 1`;
}

/**
 * Whether the image `messageId` repeats an earlier one, from its reading: the same reference read
 * on an earlier image is the same receipt; a near fingerprint counts only when one of the two has
 * no reference read (two receipts of one bank app look alike: their references tell them apart).
 */
export async function findImageSeenBefore(
  db: Db,
  messageId: number,
): Promise<ImageSeenBefore | null> {
  const flag = (found: Earlier, kind: ImageSeenBefore['kind']): ImageSeenBefore => ({
    messageId: Number(found.id),
    chatSessionId: found.chat_session_id,
    seenAt: iso(found.created_at),
    kind,
    reference: kind === 'same_receipt' ? found.reference : null,
    orderReference: found.order_reference,
  });
  const [same] = await rows<Earlier>(
    db,
    earliest(
      messageId,
      sql`this.reference_key is not null and r.reference_key = this.reference_key`,
    ),
  );
  if (same) return flag(same, 'same_receipt');
  const [alike] = await rows<Earlier>(
    db,
    earliest(
      messageId,
      sql`m.image_fingerprint is not null and this.fingerprint is not null
          and bit_count((m.image_fingerprint # this.fingerprint)::bit(64))
              <= ${FINGERPRINT_MAX_DISTANCE}
          and (this.reference_key is null or r.reference_key is null)`,
    ),
  );
  return alike ? flag(alike, 'looks_alike') : null;
}

/**
 * Stores the flag on the message and tells staff (`message.image_seen_before`); customers never
 * hear of it. Nothing when the image repeats nothing.
 */
export async function flagImageSeenBefore(options: {
  db: Db;
  events: EventLog;
  messageId: number;
}): Promise<ImageSeenBefore | null> {
  const { db, events, messageId } = options;
  const seen = await findImageSeenBefore(db, messageId);
  if (!seen) return null;
  await events.transaction(async (tx) => {
    const [updated] = await rows<{ chat_session_id: number; customer_id: string }>(
      tx,
      sql`update messages m set image_seen_before = ${JSON.stringify(seen)}::jsonb
          from chat_sessions s
          where m.id = ${messageId} and s.id = m.chat_session_id
          returning m.chat_session_id, s.customer_id`,
    );
    // Staff only (no customer named); the demo customer's chats reach no socket at all.
    if (!updated || isDemoCustomer(updated.customer_id)) return;
    await events.append(
      tx,
      {
        type: 'message.image_seen_before',
        chatSessionId: updated.chat_session_id,
        messageId,
        imageSeenBefore: seen,
      },
      { customerId: null },
    );
  });
  return seen;
}
