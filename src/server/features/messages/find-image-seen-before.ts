import { sql } from 'drizzle-orm';
import { OPEN_ORDER_STATES } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import type { ImageSeenBefore } from '../../db/schema';
import { FINGERPRINT_MAX_DISTANCE } from './image-fingerprint';

/**
 * The earliest image close to `fingerprint` (at most FINGERPRINT_MAX_DISTANCE bits apart) that
 * was sent in another customer's chat, or in this customer's chats before the open order of
 * this chat began. Null when there is none; a customer's image sent again during one order is
 * not reuse. Every stored image is compared (the partial index keeps text rows out of the scan).
 */
export async function findImageSeenBefore(options: {
  db: Db;
  chatSessionId: number;
  fingerprint: bigint;
}): Promise<ImageSeenBefore | null> {
  const { db, chatSessionId, fingerprint } = options;
  const openStates = sql.join(
    OPEN_ORDER_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const [seen] = await rows<{ id: string; chat_session_id: number; created_at: Date | string }>(
    db,
    sql`
      with chat as (select customer_id from chat_sessions where id = ${chatSessionId}),
      open_order as (
        select min(created_at) as since from orders
        where chat_session_id = ${chatSessionId} and state::text in (${openStates})
      )
      select m.id, m.chat_session_id, m.created_at
      from messages m join chat_sessions s on s.id = m.chat_session_id
      where m.image_fingerprint is not null
        and bit_count((m.image_fingerprint # ${String(fingerprint)}::bigint)::bit(64))
            <= ${FINGERPRINT_MAX_DISTANCE}
        and (s.customer_id <> (select customer_id from chat)
             or m.created_at < (select since from open_order))
      order by m.created_at, m.id
      limit 1`,
  );
  return seen
    ? {
        messageId: Number(seen.id),
        chatSessionId: seen.chat_session_id,
        seenAt: iso(seen.created_at),
      }
    : null;
}
