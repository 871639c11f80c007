import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatSessions } from './chat';
import { createdAt, identityId, requiredUserRef, timestamptz, updatedAt, userRef } from './columns';

/**
 * How far one side of a chat has received and read the other side's messages: one row per chat
 * per reading side ('customer' reads the agents' messages, 'staff' reads the customer's), never
 * a row per message. Ids only move forward (features/messages/receipts.ts).
 */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    chatSessionId: integer('chat_session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['customer', 'staff'] }).notNull(),
    /** The newest message of the other side this side's client has received (socket or fetch). */
    deliveredId: bigint('delivered_id', { mode: 'number' }).notNull().default(0),
    deliveredAt: timestamptz('delivered_at'),
    /** The newest message of the other side shown on a visible page on this side. */
    readId: bigint('read_id', { mode: 'number' }).notNull().default(0),
    readAt: timestamptz('read_at'),
  },
  (t) => [primaryKey({ columns: [t.chatSessionId, t.side] })],
);

/**
 * Canned replies: team-wide (ownerId null, managed by admins) or one agent's own (ownerId set,
 * seen by that agent alone). `shortcut` is what the `/` picker searches, unique per owner.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: identityId(),
    ownerId: userRef('owner_id'),
    shortcut: text('shortcut').notNull(),
    content: text('content').notNull(),
    createdBy: requiredUserRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('canned_replies_team_shortcut_uq')
      .on(sql`lower(${t.shortcut})`)
      .where(sql`${t.ownerId} is null`),
    uniqueIndex('canned_replies_owner_shortcut_uq')
      .on(t.ownerId, sql`lower(${t.shortcut})`)
      .where(sql`${t.ownerId} is not null`),
    index('canned_replies_owner_idx').on(t.ownerId),
  ],
);
