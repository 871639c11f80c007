import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { BANNED_MESSAGE, type Message } from '../../../shared/api/chat';
import type { Db } from '../../db/client';
import { chatSessions, messages, type AttachmentMeta } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { decodeCursor, encodeCursor, toMessage } from './dto';
import { getSessionRow, publishSessionUpdate } from './sessions';

/** The session, if the caller may take part in it: its customer, or any agent. */
export async function sessionForParticipant(db: Db, caller: SessionUser, id: number) {
  const session = await getSessionRow(db, id);
  if (!session || (!isAgent(caller) && session.customerId !== caller.id)) {
    throw new AppError('not_found', 'Chat session not found');
  }
  return session;
}

export async function listMessages(options: {
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
  after: number;
  limit: number;
}): Promise<{ items: Message[]; nextCursor: string | null }> {
  const { db, caller, chatSessionId, after, limit } = options;
  const session = await sessionForParticipant(db, caller, chatSessionId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatSessionId, chatSessionId), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => toMessage(r, session.customerId));
  return { items, nextCursor: rows.length > limit ? String(items.at(-1)!.id) : null };
}

/** The spec's GET /api/messages/all for agents: every message, newest first, paginated. */
export async function listAllMessages(options: {
  db: Db;
  cursor: string | undefined;
  limit: number;
}): Promise<{ items: Message[]; nextCursor: string | null }> {
  const { db, limit } = options;
  const cursor = options.cursor === undefined ? null : decodeCursor(options.cursor);
  if (options.cursor !== undefined && (!cursor || !/^\d+$/.test(cursor.id))) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  const rows = await db
    .select({ message: messages, customerId: chatSessions.customerId })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.chatSessionId))
    .where(
      cursor
        ? sql`(${messages.createdAt}, ${messages.id}) < (${cursor.at}::timestamptz, ${Number(cursor.id)})`
        : undefined,
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => toMessage(r.message, r.customerId));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export interface SendResult {
  message: Message;
  /** False when the client's message id had already been stored: a retry, not a new message. */
  created: boolean;
}

/**
 * Stores a message once per client message id, assigns the agent on their first reply, and
 * publishes it to both sides, all in one transaction.
 */
export async function sendMessage(options: {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  chatSessionId: number;
  clientMessageId: string;
  content: string;
  attachment?: AttachmentMeta;
}): Promise<SendResult> {
  const { db, events, caller, chatSessionId, clientMessageId } = options;
  const session = await sessionForParticipant(db, caller, chatSessionId);
  const byAgent = isAgent(caller) && session.customerId !== caller.id;
  if (!byAgent && caller.customerStatus === 'banned')
    throw new AppError('forbidden', BANNED_MESSAGE);

  return events.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        chatSessionId,
        senderId: caller.id,
        content: options.content,
        messageType: options.attachment ? 'image' : 'text',
        attachment: options.attachment ?? null,
        clientMessageId,
      })
      .onConflictDoNothing({ target: [messages.chatSessionId, messages.clientMessageId] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.chatSessionId, chatSessionId),
            eq(messages.clientMessageId, clientMessageId),
          ),
        )
        .limit(1);
      if (existing!.senderId !== caller.id)
        throw new AppError('conflict', 'This message id is already in use');
      return { message: toMessage(existing!, session.customerId), created: false };
    }
    const message = toMessage(inserted, session.customerId);
    const now = inserted.createdAt;
    await tx
      .update(chatSessions)
      .set({ updatedAt: now, lastMessageAt: now })
      .where(eq(chatSessions.id, chatSessionId));
    await events.append(
      tx,
      { type: 'message.created', chatSessionId, message },
      { customerId: session.customerId },
    );
    if (byAgent) {
      // The first reply assigns the agent and makes the chat active.
      const [assigned] = await tx
        .update(chatSessions)
        .set({ agentId: caller.id, status: 'active' })
        .where(and(eq(chatSessions.id, chatSessionId), isNull(chatSessions.agentId)))
        .returning({ id: chatSessions.id });
      if (assigned) await publishSessionUpdate(tx, events, chatSessionId);
    }
    return { message, created: true };
  });
}
