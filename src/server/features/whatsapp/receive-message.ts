import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGE_MAX_LENGTH } from '../../../shared/api/messages';
import type { WhatsappInboundMessage } from '../../../shared/api/whatsapp';
import { whatsappInboundMessageSchema } from '../../../shared/api/whatsapp';
import type { Db } from '../../db/client';
import { messages, whatsappContacts, whatsappHeldMessages, whatsappOutbox } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';
import { createChatSession } from '../chat-sessions';
import { removeUpload, sendMessage } from '../messages';
import { answerButton } from './button-replies';
import type { GraphApi } from './graph-api';
import { fetchMedia, mediaOf, textInstead } from './receive-media';
import { deskFromReply, deskFromText, deskQuestion, type WhatsappDesk } from './desk-choice';
import { whatsappArrival } from './whatsapp-contact';

export interface ReceiveContext {
  db: Db;
  events: EventLog;
  graph: GraphApi;
  storage: ObjectStorage;
  logger: FastifyBaseLogger;
  /** MAX_OPEN_CHATS_PER_AGENT: round-robin's cap. */
  cap: number;
  now: Date;
}

/** What the desk shows for a WhatsApp message: its text, or what kind it was. */
export function contentOf(message: WhatsappInboundMessage): string {
  switch (message.type) {
    case 'text':
      return (message.text?.body ?? '').slice(0, MESSAGE_MAX_LENGTH);
    case 'image':
    case 'document':
    case 'audio':
      return mediaOf(message)?.caption ?? '';
    case 'interactive':
      return (
        message.interactive?.list_reply?.title ?? message.interactive?.button_reply?.title ?? ''
      );
    case 'button':
      return message.button?.text ?? '';
    default:
      return `[unsupported: ${message.type}]`;
  }
}

/** The reply's id when the message answers an interactive list or button. */
function replyId(message: WhatsappInboundMessage): string | undefined {
  return message.interactive?.list_reply?.id ?? message.interactive?.button_reply?.id;
}

/** The message as the customer's own, once per wamid (its client message id). */
async function post(
  context: ReceiveContext,
  caller: SessionUser,
  chatSessionId: number,
  message: WhatsappInboundMessage,
): Promise<void> {
  const { db, events, cap } = context;
  const clientMessageId = `wa:${message.id}`;
  const media = mediaOf(message);
  if (media === null) {
    await sendMessage({
      db,
      events,
      caller,
      chatSessionId,
      clientMessageId,
      content: contentOf(message),
      cap,
    });
    return;
  }
  // Once per wamid: a delivery processed again does not fetch the file again.
  const [known] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.chatSessionId, chatSessionId), eq(messages.clientMessageId, clientMessageId)),
    )
    .limit(1);
  if (known) return;
  const fetched = await fetchMedia({ ...context, media });
  if (fetched.outcome !== 'stored') {
    await sendMessage({
      db,
      events,
      caller,
      chatSessionId,
      clientMessageId,
      content: textInstead(media, fetched.outcome),
      cap,
    });
    return;
  }
  const { attachment, fingerprint } = fetched;
  const sent = await sendMessage({
    db,
    events,
    caller,
    chatSessionId,
    clientMessageId,
    content: media.caption,
    attachment,
    ...(fingerprint === undefined ? {} : { image: { fingerprint } }),
    cap,
  }).catch(async (error: unknown) => {
    await removeUpload({ storage: context.storage, meta: attachment, log: context.logger });
    throw error;
  });
  if (!sent.created)
    await removeUpload({ storage: context.storage, meta: attachment, log: context.logger });
}

/** The customer picked a desk: the chat opens, with the messages held until now, in order. */
async function openChat(
  context: ReceiveContext,
  caller: SessionUser,
  desk: WhatsappDesk,
): Promise<number> {
  const { db } = context;
  const session = await createChatSession({
    db,
    events: context.events,
    caller,
    category: desk,
    cap: context.cap,
    now: context.now,
  });
  await postHeld(context, caller, session.id);
  return session.id;
}

/**
 * The messages held until the desk was known, into the chat in order, then forgotten. Run
 * before each message of a customer who has a chat, when some are held: a crash between opening the chat and this
 * leaves them held, and the customer's next message (or this one's retry) posts them.
 */
async function postHeld(
  context: ReceiveContext,
  caller: SessionUser,
  chatSessionId: number,
): Promise<void> {
  const { db } = context;
  const held = await db
    .select()
    .from(whatsappHeldMessages)
    .where(eq(whatsappHeldMessages.customerId, caller.id))
    .orderBy(asc(whatsappHeldMessages.createdAt), asc(whatsappHeldMessages.wamid));
  for (const row of held) {
    const parsed = whatsappInboundMessageSchema.safeParse(row.message);
    if (parsed.success) await post(context, caller, chatSessionId, parsed.data);
  }
  if (held.length > 0)
    await db.delete(whatsappHeldMessages).where(eq(whatsappHeldMessages.customerId, caller.id));
}

/**
 * A message a customer sent from WhatsApp joins their chat as their own message: the chat they
 * last had (a resolved one reopens), or a new one on the desk their message names. Until a desk
 * is known the message is held and the customer is asked once, with an interactive list.
 * Processing the same message again changes nothing (its wamid is its client message id).
 */
export async function receiveMessage(
  context: ReceiveContext & { message: WhatsappInboundMessage; profileName: string | undefined },
): Promise<void> {
  const { message } = context;
  const { user, deskAskedAt, latestChatId, hasHeld } = await whatsappArrival({
    db: context.db,
    waId: message.from,
    profileName: context.profileName,
    at: new Date(Number(message.timestamp) * 1000),
  });
  try {
    if (latestChatId !== null) {
      if (hasHeld) await postHeld(context, user, latestChatId);
      // A tap on an order's or an account's button acts first (decision 036), then shows.
      await answerButton({ ...context, caller: user, message });
      return await post(context, user, latestChatId, message);
    }
    const reply = replyId(message);
    const desk =
      (reply === undefined ? null : deskFromReply(reply)) ??
      (message.type === 'text' ? deskFromText(contentOf(message)) : null);
    if (desk) {
      const chatSessionId = await openChat(context, user, desk);
      return await post(context, user, chatSessionId, message);
    }
    await hold(context, user, message, deskAskedAt);
  } catch (error) {
    // A banned customer's message is refused as the web refuses it; it is not retried.
    if (error instanceof AppError && error.code === 'forbidden') return;
    throw error;
  }
}

/** Keeps the message for the chat to come, and asks which desk (once). */
async function hold(
  context: ReceiveContext,
  user: SessionUser,
  message: WhatsappInboundMessage,
  deskAskedAt: Date | null,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx
      .insert(whatsappHeldMessages)
      .values({ wamid: message.id, customerId: user.id, message })
      .onConflictDoNothing();
    if (deskAskedAt) return;
    const [asked] = await tx
      .update(whatsappContacts)
      .set({ deskAskedAt: context.now })
      .where(and(eq(whatsappContacts.customerId, user.id), isNull(whatsappContacts.deskAskedAt)))
      .returning({ waId: whatsappContacts.waId });
    if (asked)
      await tx.insert(whatsappOutbox).values({ waId: asked.waId, payload: deskQuestion() });
  });
}
