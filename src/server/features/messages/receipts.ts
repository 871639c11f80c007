import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Receipts,
  ReceiptSide,
  updateReceiptsRequestSchema,
} from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { messageReceipts } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { sessionForParticipant } from '../chat-sessions';

const NONE: ReceiptSide = { deliveredId: 0, readId: 0, readAt: null };

async function readReceipts(db: Db, chatSessionId: number): Promise<Receipts> {
  const found = await db
    .select()
    .from(messageReceipts)
    .where(eq(messageReceipts.chatSessionId, chatSessionId));
  const side = (name: 'customer' | 'staff'): ReceiptSide => {
    const row = found.find((r) => r.side === name);
    return row
      ? { deliveredId: row.deliveredId, readId: row.readId, readAt: row.readAt && iso(row.readAt) }
      : NONE;
  };
  return { chatSessionId, customer: side('customer'), staff: side('staff') };
}

/** A chat's read receipts, for its customer or any agent. */
export async function getReceipts(options: {
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
}): Promise<Receipts> {
  await sessionForParticipant(options);
  return readReceipts(options.db, options.chatSessionId);
}

/**
 * Moves the caller's side of a chat forward: the customer's over the agents' messages, staff's
 * over the customer's. Ids are capped at the other side's newest message (private notes never
 * count) and never go back; read implies delivered. When something moved, both sides hear
 * `receipts.updated` (the sender's ticks).
 */
export async function updateReceipts(
  options: z.output<typeof updateReceiptsRequestSchema> & {
    db: Db;
    events: EventLog;
    caller: SessionUser;
    chatSessionId: number;
  },
): Promise<Receipts> {
  const { db, events, caller, chatSessionId } = options;
  const session = await sessionForParticipant({ db, caller, chatSessionId });
  const staff = isAgent(caller) && session.customerId !== caller.id;
  const side = staff ? 'staff' : 'customer';
  // The other side's messages: the customer's for staff, the agents' for the customer.
  const fromOtherSide = staff
    ? sql`sender_id = ${session.customerId}::uuid`
    : sql`sender_id <> ${session.customerId}::uuid`;
  const read = options.readId ?? 0;
  const delivered = Math.max(options.deliveredId ?? 0, read);
  return events.transaction(async (tx) => {
    const moved = await rows<{ chat_session_id: number }>(
      tx,
      sql`
      with newest as (
        select coalesce(max(id), 0) as id from messages
        where chat_session_id = ${chatSessionId} and message_type <> 'note' and ${fromOtherSide}
      )
      insert into message_receipts as r (chat_session_id, side, delivered_id, delivered_at,
                                         read_id, read_at)
      select ${chatSessionId}, ${side}, least(${delivered}::bigint, newest.id), now(),
             least(${read}::bigint, newest.id),
             case when least(${read}::bigint, newest.id) > 0 then now() end
      from newest
      where least(${delivered}::bigint, newest.id) > 0
      on conflict (chat_session_id, side) do update set
        delivered_id = greatest(r.delivered_id, excluded.delivered_id),
        delivered_at = case when excluded.delivered_id > r.delivered_id
                            then excluded.delivered_at else r.delivered_at end,
        read_id = greatest(r.read_id, excluded.read_id),
        read_at = case when excluded.read_id > r.read_id then excluded.read_at else r.read_at end
      where excluded.delivered_id > r.delivered_id or excluded.read_id > r.read_id
      returning r.chat_session_id`,
    );
    const receipts = await readReceipts(tx, chatSessionId);
    if (moved.length > 0) {
      await events.append(
        tx,
        { type: 'receipts.updated', chatSessionId, receipts },
        { customerId: session.customerId },
      );
    }
    return receipts;
  });
}
