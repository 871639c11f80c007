import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  identityId,
  bigIdentityId,
  createdAt,
  updatedAt,
  requiredUserRef,
  userRef,
  timestamptz,
} from './columns';
import type { AttachmentMime, ImageSeenBefore } from '../../../shared/api/messages';
import { chatCategoryEnum, chatPriorityEnum, chatStatusEnum, messageTypeEnum } from './enums';

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: identityId(),
    customerId: requiredUserRef('customer_id'),
    agentId: userRef('agent_id'),
    category: chatCategoryEnum('category').notNull(),
    status: chatStatusEnum('status').notNull().default('open'),
    priority: chatPriorityEnum('priority').notNull().default('normal'),
    lastMessageAt: timestamptz('last_message_at'),
    /** When the chat was last given to its agent (assigned, claimed, transferred, taken over). */
    assignedAt: timestamptz('assigned_at'),
    /** When the chat was resolved (archived); null while it is open or assigned. */
    resolvedAt: timestamptz('resolved_at'),
    /**
     * When staff first answered the customer (the first staff message after a customer
     * message; private notes do not count). Null until then. Kept by the message insert.
     */
    firstResponseAt: timestamptz('first_response_at'),
    /**
     * The oldest customer message no staff message has answered yet: the customer has been
     * waiting since then. Null when nobody waits. Kept by the message insert; the inbox colours
     * the chat by it (FIRST_RESPONSE_TARGET_MINUTES).
     */
    waitingSince: timestamptz('waiting_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('chat_sessions_customer_idx').on(t.customerId, t.updatedAt),
    index('chat_sessions_agent_idx').on(t.agentId),
    index('chat_sessions_updated_idx').on(t.updatedAt, t.id),
    index('chat_sessions_created_idx').on(t.createdAt),
    // The inbox's filters (ADR 018), each read newest first from its own partial index:
    // Mine (and an agent's open-chat count for assignment), Locked, Unassigned, Archived.
    index('chat_sessions_assigned_agent_idx')
      .on(t.agentId, t.updatedAt, t.id)
      .where(sql`${t.status} = 'active'`),
    index('chat_sessions_assigned_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'active'`),
    index('chat_sessions_unassigned_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('chat_sessions_resolved_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'closed'`),
    // The waiting queue handed out as agents come online or free up: oldest first.
    index('chat_sessions_waiting_idx')
      .on(t.category, t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    // Measured service: the first responses of a day or a period (features/service-metrics).
    index('chat_sessions_first_response_idx').on(t.firstResponseAt),
  ],
);

export interface AttachmentMeta {
  /** File name under the upload folder; never a path the client chose. */
  storageKey: string;
  /** An image's, a PDF's or an audio's type, told from its bytes (decision 037). */
  mime: AttachmentMime;
  size: number;
  originalName: string;
  /**
   * The small copy beside it (`<base>.thumb.webp`) and the stored image's size in pixels.
   * Absent on images stored before uploads were re-encoded (the original stands in), and on
   * documents and audio, which are never decoded.
   */
  thumbnailKey?: string;
  width?: number;
  height?: number;
}

/**
 * The earlier image this one repeats (features/image-readings): the same receipt reference, or a
 * near fingerprint when no reference could be read. The API's imageSeenBeforeSchema.
 */
export type { ImageSeenBefore };

/** The chat a row belongs to. */
export const chatSessionRef = () =>
  integer('chat_session_id')
    .notNull()
    .references(() => chatSessions.id);

export const messages = pgTable(
  'messages',
  {
    id: bigIdentityId(),
    chatSessionId: integer('chat_session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    senderId: requiredUserRef('sender_id'),
    content: text('content').notNull().default(''),
    messageType: messageTypeEnum('message_type').notNull().default('text'),
    attachment: jsonb('attachment').$type<AttachmentMeta>(),
    /** The sender's own id for the message: a retry with the same id never makes a duplicate. */
    clientMessageId: text('client_message_id').notNull(),
    /** An image's 64-bit perceptual fingerprint (dHash); null for text. */
    imageFingerprint: bigint('image_fingerprint', { mode: 'bigint' }),
    /** Set once the image's reading found it repeats an earlier one; shown to staff only. */
    imageSeenBefore: jsonb('image_seen_before').$type<ImageSeenBefore>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_client_id_uq').on(t.chatSessionId, t.clientMessageId),
    // The images a new one is compared with: only rows that have a fingerprint.
    index('messages_image_fingerprint_idx')
      .on(t.imageFingerprint, t.createdAt)
      .where(sql`${t.imageFingerprint} is not null`),
    index('messages_session_idx').on(t.chatSessionId, t.id),
    index('messages_created_idx').on(t.createdAt),
  ],
);

/**
 * Every realtime event, in order. Clients resume from the last id they saw, so a dropped
 * socket never loses anything. `customerId` routes an event to the one customer who may see it.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigIdentityId(),
    type: text('type').notNull(),
    chatSessionId: integer('chat_session_id'),
    customerId: uuid('customer_id'),
    /**
     * Agents see every event unless the audience is narrowed to admins; `everyone` reaches every
     * socket, customers' too (a rates change: no one's data, every calculator's figures).
     */
    audience: text('audience', { enum: ['all', 'admins', 'everyone'] })
      .notNull()
      .default('all'),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('realtime_events_customer_idx').on(t.customerId, t.id),
    index('realtime_events_created_idx').on(t.createdAt),
  ],
);
