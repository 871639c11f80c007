import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import {
  messageTypeOfMime,
  type Message,
  type sendMessageRequestSchema,
} from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { messages, type AttachmentMeta } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { EventLog, NewEvent } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { lockedChatMessage } from '../../../shared/api/chat-sessions';
import type { ChatStatus } from '../../../shared/domain';
import {
  giveChat,
  isLockedFor,
  lockAssignment,
  lockChat,
  refuseIfLocked,
  reopenLocked,
} from '../chat-sessions';
import { queueImageReading } from '../image-readings';
import { responseClockSet } from '../service-metrics';
import { toMessage } from './to-message';

export interface SendResult {
  message: Message;
  /** False when the client's message id had already been stored: a retry, not a new message. */
  created: boolean;
}

/**
 * Stores a message once per client message id and publishes it to both sides. Most messages
 * are one statement (message, the session's times and the event, atomic without a transaction
 * around them); an agent's first reply in a chat also assigns them, in a transaction.
 */
export async function sendMessage(
  options: z.output<typeof sendMessageRequestSchema> & {
    db: Db;
    events: EventLog;
    caller: SessionUser;
    chatSessionId: number;
    attachment?: AttachmentMeta;
    /**
     * An image's fingerprint. The image is queued for reading (features/image-readings) in the
     * message's own statement; whether it repeats an earlier one is told to staff after that.
     */
    image?: { fingerprint: bigint };
    /**
     * A private note (agents only): stored as message type 'note', told to staff alone, and no
     * reply: it neither touches nor assigns the chat (no reopen, no first response).
     */
    note?: boolean;
    /** MAX_OPEN_CHATS_PER_AGENT: a reopened chat may go to round-robin. */
    cap: number;
  },
): Promise<SendResult> {
  const { db, events, caller, chatSessionId, clientMessageId } = options;
  // The session, and the message's id: known before the insert, so the event can carry it.
  const [session] = await rows<{
    customer_id: string;
    agent_id: string | null;
    status: ChatStatus;
    holder_name: string | null;
    next_id: string;
  }>(
    db,
    sql`select s.customer_id, s.agent_id, s.status,
               nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '')
                 as holder_name,
               nextval(pg_get_serial_sequence('messages', 'id')) as next_id
        from chat_sessions s left join users a on a.id = s.agent_id
        where s.id = ${chatSessionId}`,
  );
  if (!session || (!isAgent(caller) && session.customer_id !== caller.id)) {
    throw new AppError('not_found', 'Chat session not found');
  }
  const customerId = session.customer_id;
  const byAgent = isAgent(caller) && customerId !== caller.id;
  const note = options.note === true;
  if (note && !byAgent) throw new AppError('forbidden', 'Only agents write private notes');
  if (!byAgent && caller.customerStatus === 'banned')
    throw new AppError('forbidden', BANNED_MESSAGE);
  // A chat assigned to another agent is read-only for the caller (ADR 018).
  if (byAgent) {
    if (isLockedFor(session, caller))
      throw new AppError('forbidden', lockedChatMessage(session.holder_name));
    if (session.status === 'closed')
      throw new AppError('conflict', 'This chat is resolved: reopen it to reply');
  }

  const row: typeof messages.$inferSelect = {
    id: Number(session.next_id),
    chatSessionId,
    senderId: caller.id,
    content: options.content,
    messageType: note
      ? 'note'
      : options.attachment
        ? messageTypeOfMime(options.attachment.mime)
        : 'text',
    attachment: options.attachment ?? null,
    clientMessageId,
    imageFingerprint: options.image?.fingerprint ?? null,
    imageSeenBefore: null,
    createdAt: new Date(),
  };
  // Both sides hear of the message as its customer sees it.
  const event: NewEvent = {
    type: 'message.created',
    chatSessionId,
    message: toMessage(row, customerId, false),
  };
  const staffOnly = { customerId: null };
  // A note reaches staff only: its event names no customer, so no customer's socket gets it.
  const routing = note ? staffOnly : { customerId };
  const message = toMessage(row, customerId, isAgent(caller));
  // An agent's first reply in an unassigned chat claims it (a private note does not); a
  // customer's message in a resolved chat reopens it. Both change who holds the chat: under the
  // assignment lock, row locked.
  const changesHolder =
    (byAgent && !note && session.agent_id === null) || (!byAgent && session.status === 'closed');
  // The customer's wait starts or ends with this message (first response, waiting since).
  const clock = responseClockSet({ byStaff: byAgent, at: row.createdAt });

  const stored = changesHolder
    ? await events.transaction(async (tx) => {
        await lockAssignment(tx);
        const chat = await lockChat(tx, chatSessionId);
        // Another agent may have taken it since it was read.
        if (byAgent) refuseIfLocked(chat, caller);
        const inserted = await rows<{ id: string }>(tx, insertMessage(row));
        if (inserted.length === 0) return false;
        await touchSession(tx, chatSessionId, row.createdAt, clock);
        await events.append(tx, event, routing);
        if (options.image) await tx.execute(queueImageReading(row.id, sql`true`));
        if (byAgent && chat.agent_id === null && chat.status !== 'closed') {
          await giveChat(tx, events, {
            chatSessionId,
            agentId: caller.id,
            action: 'claimed',
            actorId: caller.id,
            fromAgentId: null,
            now: row.createdAt,
          });
        } else if (!byAgent && chat.status === 'closed') {
          await reopenLocked(tx, events, chat, {
            actorId: caller.id,
            cap: options.cap,
            now: row.createdAt,
          });
        }
        return true;
      })
    : (
        await events.statement<{ id: string }>(
          sql`
          with m as (${insertMessage(row)}),
          touched as (
            update chat_sessions set updated_at = ${row.createdAt.toISOString()}::timestamptz,
                                     last_message_at = ${row.createdAt.toISOString()}::timestamptz,
                                     ${clock}
            where id = ${chatSessionId} and exists (select 1 from m) and ${note ? sql`false` : sql`true`}
          ),
          e as (${events.insertWhen(event, routing, sql`exists (select 1 from m)`)}),
          r as (${
            options.image ? queueImageReading(row.id, sql`exists (select 1 from m)`) : sql`select 1`
          })
          select id from m`,
          // The events were written exactly when the message was (a retry writes neither).
          (inserted) => (inserted.length > 0 ? [event] : []),
        )
      ).length > 0;
  if (stored) return { message, created: true };

  // The client's message id was stored before: a retry answers with what was stored.
  const [existing] = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.chatSessionId, chatSessionId), eq(messages.clientMessageId, clientMessageId)),
    )
    .limit(1);
  if (!existing || existing.senderId !== caller.id)
    throw new AppError('conflict', 'This message id is already in use');
  return { message: toMessage(existing, customerId, isAgent(caller)), created: false };
}

/** The message's insert, once per client message id; no row back when it was stored before. */
function insertMessage(row: typeof messages.$inferSelect): SQL {
  return sql`
    insert into messages (id, chat_session_id, sender_id, content, message_type, attachment,
                          client_message_id, image_fingerprint, image_seen_before, created_at)
    overriding system value
    values (${row.id}, ${row.chatSessionId}, ${row.senderId}::uuid, ${row.content},
            ${row.messageType}, ${row.attachment ? JSON.stringify(row.attachment) : null}::jsonb,
            ${row.clientMessageId},
            ${row.imageFingerprint === null ? null : String(row.imageFingerprint)}::bigint,
            ${row.imageSeenBefore ? JSON.stringify(row.imageSeenBefore) : null}::jsonb,
            ${row.createdAt.toISOString()}::timestamptz)
    on conflict (chat_session_id, client_message_id) do nothing
    returning id`;
}

async function touchSession(tx: Db, id: number, at: Date, clock: SQL): Promise<void> {
  await tx.execute(
    sql`update chat_sessions set updated_at = ${at.toISOString()}::timestamptz,
                                 last_message_at = ${at.toISOString()}::timestamptz,
                                 ${clock}
        where id = ${id}`,
  );
}
