import { z } from 'zod';
import { CHAT_PRIORITIES, CHAT_STATUSES } from '../domain';
import { ORDER_STATES } from '../orders/states';
import {
  chatCategorySchema,
  coinSchema,
  cursorQueryShape,
  isoDateTime,
  pageSchema,
} from './common';
import { customerSummarySchema } from './customers';
import { messageSchema } from './messages';

export const chatSessionIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int('Invalid chat session id')
    .positive('Invalid chat session id')
    .max(2_147_483_647),
});

export const agentSummarySchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const chatSessionSchema = z.object({
  id: z.number().int(),
  customerId: z.uuid(),
  agentId: z.uuid().nullable(),
  category: chatCategorySchema,
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
  /**
   * The chat's order waiting on the desk: a deposit to confirm or a payout to send, and for
   * admins a dispute. Null when none is.
   */
  orderWaiting: z.object({ reference: z.string(), state: z.enum(ORDER_STATES) }).nullable(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const CHAT_LIST_FILTERS = ['all', 'unread', 'active'] as const;

export const chatSessionListQuerySchema = z.object({
  ...cursorQueryShape,
  /** unread: no agent assigned (spec); active: status active. */
  filter: z.enum(CHAT_LIST_FILTERS).default('all'),
  /** Case-insensitive substring of the customer's name or email. */
  q: z.string().trim().max(100).optional(),
  /** One customer's chats (the agents' desk side panel); a customer only ever gets their own. */
  customerId: z.uuid('Invalid customer id').optional(),
});

export const chatSessionPageSchema = pageSchema(chatSessionSchema);
export type ChatSessionPage = z.infer<typeof chatSessionPageSchema>;

/** GET /api/chat-sessions/active/count: how many chats are open or active (the dashboard). */
export const activeChatCountSchema = z.object({ count: z.number().int().nonnegative() });

/** A customer opens a chat about one of the coins the desk buys. */
export const createChatSessionRequestSchema = z.object({ category: coinSchema });
