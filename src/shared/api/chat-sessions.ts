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
  /** When the chat was last given to its agent; null while unassigned. */
  assignedAt: isoDateTime.nullable(),
  /** When the chat was resolved (archived); null unless status is closed. */
  resolvedAt: isoDateTime.nullable(),
  /**
   * The oldest customer message no staff message has answered yet (the customer waits since
   * then); null when nobody waits. The list colours a waiting chat by FIRST_RESPONSE_TARGET_MINUTES.
   */
  waitingSince: isoDateTime.nullable(),
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

/**
 * The inbox's filters (ADR 018), each served by its own index:
 * - all: every chat (archived ones too);
 * - unread (the spec's tab) and unassigned: waiting for an agent (status open);
 * - active: assigned to some agent (status active);
 * - mine: assigned to the caller; locked: assigned to another agent (read-only to the caller);
 * - archived: resolved (status closed).
 * Customers' own list takes the same values; mine and locked then mean nothing and match none.
 */
export const CHAT_LIST_FILTERS = [
  'all',
  'unread',
  'active',
  'mine',
  'unassigned',
  'locked',
  'archived',
] as const;
export type ChatListFilter = (typeof CHAT_LIST_FILTERS)[number];

export const chatSessionListQuerySchema = z.object({
  ...cursorQueryShape,
  filter: z.enum(CHAT_LIST_FILTERS).default('all'),
  /**
   * Case-insensitive substring of the customer's name or email, of an order's reference, or of
   * a WhatsApp customer's number (its digits).
   */
  q: z.string().trim().max(100).optional(),
  /** One customer's chats (the agents' inbox side panel); a customer only ever gets their own. */
  customerId: z.uuid('Invalid customer id').optional(),
});

export const chatSessionPageSchema = pageSchema(chatSessionSchema);
export type ChatSessionPage = z.infer<typeof chatSessionPageSchema>;

/** GET /api/chat-sessions/active/count: how many chats are open or active (the dashboard). */
export const activeChatCountSchema = z.object({ count: z.number().int().nonnegative() });

/** A customer opens a chat about one of the coins the desk buys. */
export const createChatSessionRequestSchema = z.object({ category: coinSchema });

/**
 * The lifecycle's steps, `POST /api/chat-sessions/:id/{step}` (ADR 018). Each answers the chat
 * as it is after the step, writes an audit entry and sends `session.updated` to both sides and
 * `session.lifecycle` to staff.
 * - assign: admin, or the agent holding the chat, gives it to an agent (body: agentId);
 * - claim: an agent takes an unassigned chat;
 * - transfer: the holder (or an admin) gives it to another agent with a note for them;
 * - resolve: the holder (or an admin) archives it; a customer's next message reopens it;
 * - reopen: any agent reopens an archived chat (it goes back to its agent if they are Online
 *   with room, else waits Unassigned);
 * - take-over: an admin takes a chat locked to another agent.
 */
export const CHAT_LIFECYCLE_STEPS = [
  'assign',
  'claim',
  'transfer',
  'resolve',
  'reopen',
  'take-over',
] as const;
export type ChatLifecycleStep = (typeof CHAT_LIFECYCLE_STEPS)[number];

/** What happened to a chat, as `session.lifecycle` and the audit log name it. */
export const CHAT_LIFECYCLE_ACTIONS = [
  'assigned',
  'auto_assigned',
  'claimed',
  'transferred',
  'resolved',
  'reopened',
  'taken_over',
  /** Its agent was deactivated: the chat went back to assignment at once. */
  'released',
] as const;
export type ChatLifecycleAction = (typeof CHAT_LIFECYCLE_ACTIONS)[number];

export const TRANSFER_NOTE_MAX_LENGTH = 500;

export const assignChatRequestSchema = z.object({ agentId: z.uuid('Invalid agent id') });
export type AssignChatRequest = z.input<typeof assignChatRequestSchema>;

export const transferChatRequestSchema = z.object({
  agentId: z.uuid('Invalid agent id'),
  note: z
    .string()
    .trim()
    .min(1, 'Write a note for the agent you transfer to')
    .max(TRANSFER_NOTE_MAX_LENGTH, `A note is at most ${TRANSFER_NOTE_MAX_LENGTH} characters`),
});
export type TransferChatRequest = z.input<typeof transferChatRequestSchema>;

/** claim, resolve, reopen and take-over take no body (or an empty one). */
export const emptyLifecycleRequestSchema = z.object({}).strict().nullish();

/** A staff-only realtime event's content: who moved the chat, from whom, to whom, and why. */
export const chatLifecycleChangeSchema = z.object({
  action: z.enum(CHAT_LIFECYCLE_ACTIONS),
  /** The agent or admin who acted; null when the server assigned (round-robin, reopen). */
  actorId: z.uuid().nullable(),
  fromAgentId: z.uuid().nullable(),
  toAgentId: z.uuid().nullable(),
  /** A transfer's note; staff only, never sent to the customer. */
  note: z.string().nullable(),
  at: isoDateTime,
});
export type ChatLifecycleChange = z.infer<typeof chatLifecycleChangeSchema>;

/** The refusals a locked chat gives (403), with the holder's name when known. */
export function lockedChatMessage(holder: string | null): string {
  return `This chat is assigned to ${holder ?? 'another agent'}: it is read-only for you`;
}
