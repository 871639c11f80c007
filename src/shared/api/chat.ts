import { z } from 'zod';
import {
  CHAT_CATEGORIES,
  CHAT_PRIORITIES,
  CHAT_STATUSES,
  CUSTOMER_STATUSES,
  MESSAGE_TYPES,
} from '../domain';
import { isoDateTime } from './common';
import { transactionSchema } from './transactions';

/** Text messages are trimmed and 1 to 4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Screenshots: JPEG, PNG or WebP, at most 10 MB, type checked from the bytes. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A decoded image holds 4 bytes a pixel: 40 megapixels is 160 MB of memory, and no more. */
export const ATTACHMENT_MAX_PIXELS = 40_000_000;

/** The server's answers for an image it refuses; the picker shows the same words. */
export const IMAGE_TYPE_ERROR = 'Only JPEG, PNG or WebP images can be sent';
export const IMAGE_SIZE_ERROR = `Image is too large (at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)`;
export const IMAGE_PIXELS_ERROR = `Image has too many pixels (at most ${ATTACHMENT_MAX_PIXELS / 1_000_000} megapixels)`;
export const IMAGE_DECODE_ERROR = 'This image is damaged or incomplete and cannot be sent';

export const BANNED_MESSAGE = 'Your account is restricted. Contact support.';

export const chatSessionIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int('Invalid chat session id')
    .positive('Invalid chat session id')
    .max(2_147_483_647),
});

export const customerSummarySchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  customerStatus: z.enum(CUSTOMER_STATUSES),
  createdAt: isoDateTime,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const agentSummarySchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const attachmentSchema = z.object({
  /** Where the session's customer and agents fetch it; nobody else can. */
  url: z.string(),
  /** A small copy for the chat (at most 480 px wide); the full image is `url`. */
  thumbnailUrl: z.string(),
  mime: z.enum(ATTACHMENT_TYPES),
  size: z.number().int(),
  name: z.string(),
});

export const messageSchema = z.object({
  id: z.number().int(),
  chatSessionId: z.number().int(),
  senderId: z.uuid(),
  /** Whether the sender was the session's customer or an agent. */
  senderRole: z.enum(['customer', 'agent']),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  attachment: attachmentSchema.nullable(),
  clientMessageId: z.string(),
  createdAt: isoDateTime,
});
export type Message = z.infer<typeof messageSchema>;

export const chatSessionSchema = z.object({
  id: z.number().int(),
  customerId: z.uuid(),
  agentId: z.uuid().nullable(),
  category: z.enum(CHAT_CATEGORIES),
  status: z.enum(CHAT_STATUSES),
  priority: z.enum(CHAT_PRIORITIES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  lastMessageAt: isoDateTime.nullable(),
  customer: customerSummarySchema,
  agent: agentSummarySchema.nullable(),
  lastMessage: messageSchema
    .pick({ id: true, content: true, messageType: true, senderId: true, createdAt: true })
    .nullable(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

const cursorQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

export const CHAT_LIST_FILTERS = ['all', 'unread', 'active'] as const;

export const chatSessionListQuerySchema = z.object({
  ...cursorQuery,
  /** unread: no agent assigned (spec); active: status active. */
  filter: z.enum(CHAT_LIST_FILTERS).default('all'),
  /** Case-insensitive substring of the customer's name or email. */
  q: z.string().trim().max(100).optional(),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const chatSessionPageSchema = pageSchema(chatSessionSchema);
export type ChatSessionPage = z.infer<typeof chatSessionPageSchema>;

export const createChatSessionRequestSchema = z.object({
  category: z.enum(['bitcoin', 'usdt']),
});

export const messageListQuerySchema = z.object({
  /** Messages with a greater id than this, oldest first. */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});
export const messagePageSchema = pageSchema(messageSchema);

export const allMessagesQuerySchema = z.object({ ...cursorQuery });

export const sendMessageRequestSchema = z.object({
  /** The sender's own id for this message (a UUID): a retry with it never makes a duplicate. */
  clientMessageId: z.uuid('clientMessageId must be a UUID'),
  content: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MESSAGE_MAX_LENGTH, `Message is too long (at most ${MESSAGE_MAX_LENGTH} characters)`),
});

export const customerStatusRequestSchema = z.object({ status: z.enum(CUSTOMER_STATUSES) });

export const attachmentParamsSchema = z.object({
  messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Realtime events over /api/ws. Every event has an increasing id; resume after the last one. */
export const REALTIME_EVENT_TYPES = [
  'message.created',
  'session.created',
  'session.updated',
  'customer.updated',
  'transaction.created',
  'transaction.updated',
] as const;

export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.number(),
    type: z.literal('message.created'),
    chatSessionId: z.number(),
    message: messageSchema,
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

/**
 * The close code of a socket whose sign-in session ended (signed out, expired, deleted) or whose
 * account was deactivated: what the client shows may no longer be theirs to see.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** What the client sends on the socket. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resume'), after: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
