import { z } from 'zod';
import { availabilityChangeSchema } from './availability';
import { chatLifecycleChangeSchema, chatSessionSchema } from './chat-sessions';
import { customerSummarySchema } from './customers';
import { imageSeenBeforeSchema, messageSchema } from './messages';
import { orderSchema } from './orders';
import { transactionSchema } from './transactions';

/** Realtime events over /api/ws. Every event has an increasing id; resume after the last one. */
export const REALTIME_EVENT_TYPES = [
  'message.created',
  'message.image_seen_before',
  'session.created',
  'session.updated',
  'session.lifecycle',
  'agent.availability',
  'customer.updated',
  'transaction.created',
  'transaction.updated',
  'order.created',
  'order.updated',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

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
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** What the client sends on the socket. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resume'), after: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Why the server closes a socket; the client decides from the code whether to reconnect. */
export const SOCKET_CLOSE_CODES = {
  /** The instance is shutting down: reconnect (to another instance) and resume. */
  serverShuttingDown: 1001,
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
