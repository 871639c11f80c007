import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bigIdentityId, createdAt, timestamptz, updatedAt } from './columns';
import { messages } from './chat';
import { orderEvents } from './orders';
import { users } from './users';

/**
 * A customer who writes from WhatsApp (decision 034): a users row without a Google account,
 * found by their WhatsApp id (the phone number, digits only). Staff see the number; the 24-hour
 * window in which free-form messages may be sent runs from `lastInboundAt`.
 */
export const whatsappContacts = pgTable('whatsapp_contacts', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  waId: text('wa_id').notNull().unique('whatsapp_contacts_wa_id_uq'),
  /** The customer's last message: free-form replies are allowed until 24 hours after it. */
  lastInboundAt: timestamptz('last_inbound_at'),
  /** When the "What would you like to sell?" list went out; null until it has (sent once). */
  deskAskedAt: timestamptz('desk_asked_at'),
  createdAt: createdAt(),
});

/**
 * Each webhook POST Meta made, stored before the 200 and processed after: a crash in between
 * loses nothing, as pending rows are processed at start too. The body is kept as received.
 */
export const whatsappDeliveries = pgTable(
  'whatsapp_deliveries',
  {
    id: bigIdentityId(),
    body: jsonb('body').$type<unknown>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processedAt: timestamptz('processed_at'),
    createdAt: createdAt(),
    /**
     * The WhatsApp ids whose messages the delivery holds, while it is pending (emptied once
     * processed): a delivery waits for the earlier pending ones of the same customers, so each
     * customer's messages keep their order while different customers' are processed side by side.
     */
    waIds: text('wa_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * The instance processing it now: its liveness key, an advisory lock it holds while it runs
     * (db/liveness-key.ts). A claim whose key nobody holds is free again (its instance stopped).
     */
    claimedBy: integer('claimed_by'),
  },
  (t) => [
    index('whatsapp_deliveries_pending_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * A customer's messages that arrived before their desk was known: they join the chat, in order,
 * once the customer picks Bitcoin or USDT. `wamid` is Meta's id: the same message is held once.
 */
export const whatsappHeldMessages = pgTable(
  'whatsapp_held_messages',
  {
    wamid: text('wamid').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The message as the webhook gave it (one element of `messages`). */
    message: jsonb('message').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  // Read before each message of a customer who has a chat (receive-message.ts's postHeld).
  (t) => [index('whatsapp_held_messages_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Everything sent to WhatsApp: a desk message (an agent's reply, written by the messages insert's
 * trigger in the same transaction, so a crash after the send loses nothing), an order step
 * (written by the order_events insert's trigger, built at send time; decision 036) or a payload
 * of the channel's own (the desk list, a payout account to confirm, a button's answer). Claimed with FOR UPDATE SKIP LOCKED, so one instance sends it;
 * retried with backoff on 429 and 5xx. `status` is the message's tick: sending until the Graph
 * API answers, then sent, delivered, read (never backwards) or failed with Meta's error title.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: bigIdentityId(),
    messageId: bigint('message_id', { mode: 'number' })
      .unique('whatsapp_outbox_message_uq')
      .references(() => messages.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    /** The order step this tells the customer of; its message is built when it is sent. */
    orderEventId: integer('order_event_id').references(() => orderEvents.id, {
      onDelete: 'cascade',
    }),
    /** Which message of the step: `step` (its text or buttons) or `qr` (the deposit QR image). */
    part: text('part', { enum: ['step', 'qr'] }),
    /** A Graph API message body of the channel's own; null for a desk message (built at send). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['sending', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('sending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried (again); null: at once. The app's clock sets it, never the database's. */
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** Meta's id for the sent message; its status updates find the row by it. */
    wamid: text('wamid').unique('whatsapp_outbox_wamid_uq'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('whatsapp_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'sending'`),
  ],
);
