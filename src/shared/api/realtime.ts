import { z } from 'zod';
import { availabilityChangeSchema } from './availability';
import { chatLifecycleChangeSchema, chatSessionSchema } from './chat-sessions';
import { customerSummarySchema } from './customers';
import { imageSeenBeforeSchema, messageSchema, receiptsSchema } from './messages';
import { orderSchema } from './orders';
import { transactionSchema } from './transactions';

/** Realtime events over /api/ws. Every event has an increasing id; resume after the last one. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.number(),
    type: z.literal('message.created'),
    chatSessionId: z.number(),
    message: messageSchema,
  }),
  /** Staff only: an image message just sent was seen before (messages/find-image-seen-before). */
  z.object({
    id: z.number(),
    type: z.literal('message.image_seen_before'),
    chatSessionId: z.number(),
    messageId: z.number(),
    imageSeenBefore: imageSeenBeforeSchema,
  }),
  /** A side of the chat received or read more of the other side's messages (the ticks). */
  z.object({
    id: z.number(),
    type: z.literal('receipts.updated'),
    chatSessionId: z.number(),
    receipts: receiptsSchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('session.created'),
    chatSessionId: z.number(),
    session: chatSessionSchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('session.updated'),
    chatSessionId: z.number(),
    session: chatSessionSchema,
  }),
  /** Staff only: a lifecycle step (assign, claim, transfer, resolve, reopen, take-over). */
  z.object({
    id: z.number(),
    type: z.literal('session.lifecycle'),
    chatSessionId: z.number(),
    change: chatLifecycleChangeSchema,
  }),
  /** Staff only: an agent's availability changed. */
  z.object({
    id: z.number(),
    type: z.literal('agent.availability'),
    availability: availabilityChangeSchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('customer.updated'),
    customer: customerSummarySchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('transaction.created'),
    chatSessionId: z.number(),
    transaction: transactionSchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('transaction.updated'),
    chatSessionId: z.number(),
    transaction: transactionSchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('order.created'),
    chatSessionId: z.number(),
    order: orderSchema,
  }),
  z.object({
    id: z.number(),
    type: z.literal('order.updated'),
    chatSessionId: z.number(),
    order: orderSchema,
  }),
  /**
   * Everyone: an agent saved the exchange rates. No figures (who may see which depends on the
   * market guard): screens fetch the rates, and the order previews they show, again.
   */
  z.object({ id: z.number(), type: z.literal('rates.updated') }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** What the server sends on the socket. */
export const serverFrameSchema = z.discriminatedUnion('type', [
  /** First frame: the newest event id now, so a fresh client knows where it stands. */
  z.object({ type: z.literal('hello'), lastEventId: z.number() }),
  z.object({ type: z.literal('event'), event: realtimeEventSchema }),
  /** After a resume: everything up to `upTo` has been sent. */
  z.object({ type: z.literal('resumed'), upTo: z.number(), complete: z.boolean() }),
  z.object({ type: z.literal('pong') }),
  /**
   * Someone is typing in a chat (never stored, not an event: no id, no resume). Comes at most
   * every TYPING_THROTTLE_MS per sender; show "typing…" until TYPING_EXPIRES_MS pass without
   * another.
   */
  z.object({
    type: z.literal('typing'),
    chatSessionId: z.number().int(),
    from: z.enum(['customer', 'agent']),
    userId: z.uuid(),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** The most chats one socket may watch for typing (a page shows one or two conversations). */
export const MAX_WATCHED_CHATS = 20;

/** What the client sends on the socket. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resume'), after: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
  /** The sender is typing in this chat; the server relays it to the chat's other side. */
  z.object({ type: z.literal('typing'), chatSessionId: z.number().int().positive() }),
  /**
   * The chats whose conversation this page shows now: the whole set, replacing the last one.
   * "typing" reaches a socket only for these chats. Every new socket starts with none, so the
   * client sends its set again after each resume.
   */
  z.object({
    type: z.literal('watch'),
    chatSessionIds: z.array(z.number().int().positive()).max(MAX_WATCHED_CHATS),
  }),
]);

/** A client sends "typing" at most this often per chat; the server drops what comes sooner. */
export const TYPING_THROTTLE_MS = 2_000;
/** "typing…" disappears this long after the last "typing" heard. */
export const TYPING_EXPIRES_MS = 5_000;
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Why the server closes a socket; the client decides from the code whether to reconnect. */
export const SOCKET_CLOSE_CODES = {
  /**
   * The instance is draining (SIGTERM): it accepts no new connections any more. Reconnect at
   * once, without a backoff (the load balancer sends the new socket to another instance), and
   * resume after the last event id. A code of our own rather than 1001, which browsers and
   * proxies also send for their own goings-away.
   */
  serverShuttingDown: 4503,
  /** A resume could not be served: reconnect and resume again. */
  resumeFailed: 1011,
  /**
   * The sign-in session ended (signed out, expired, deleted) or the account was deactivated:
   * what the client shows may no longer be theirs to see. Do not reconnect.
   */
  sessionEnded: 4401,
  /** The socket was opened from another site's page (cross-site WebSocket hijacking). */
  crossOrigin: 4403,
} as const;
