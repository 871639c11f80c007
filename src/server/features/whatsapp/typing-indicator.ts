import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import type { GraphApi } from './graph-api';
import { WINDOW_MS } from './send-outbox';

/**
 * WhatsApp shows "typing…" for 25 seconds (or until the next message): one call per chat at
 * most this often keeps it up while an agent types, and no more.
 */
export const TYPING_INDICATOR_EVERY_MS = 20_000;

/** How many chats' last calls are remembered before the stale ones are forgotten. */
const REMEMBERED_CHATS = 1_000;

/**
 * An agent typing in a WhatsApp chat shows WhatsApp's typing indicator to the customer (decision
 * 037): the customer's latest message is marked read with `typing_indicator`, throttled per chat.
 * Best effort and ephemeral: never through the outbox, never retried, never after the 24-hour
 * window (Meta would refuse it), and a failure is only logged.
 */
export class TypingIndicators {
  /** When each chat's indicator was last asked for, on this instance. */
  private readonly lastAt = new Map<number, number>();

  constructor(
    private readonly options: {
      db: Db;
      graph: GraphApi;
      logger: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /** Shows "typing…" to the chat's customer; true when the Graph API was called and agreed. */
  async show(chatSessionId: number, customerId: string): Promise<boolean> {
    const { db, graph, logger } = this.options;
    const now = this.options.now().getTime();
    const last = this.lastAt.get(chatSessionId);
    if (last !== undefined && now - last < TYPING_INDICATOR_EVERY_MS) return false;
    this.forgetStale(now);
    // Before any await: signals arriving meanwhile are throttled too.
    this.lastAt.set(chatSessionId, now);
    try {
      // The customer's latest WhatsApp message in this chat: its wamid is its client message id.
      const [latest] = await rows<{ client_message_id: string; last_inbound_at: unknown }>(
        db,
        sql`select m.client_message_id, k.last_inbound_at
            from whatsapp_contacts k
            join lateral (
              select client_message_id from messages
              where chat_session_id = ${chatSessionId} and sender_id = k.customer_id
                and client_message_id like 'wa:%'
              order by id desc limit 1
            ) m on true
            where k.customer_id = ${customerId}`,
      );
      if (!latest || latest.last_inbound_at === null) return false;
      if (now - Date.parse(iso(latest.last_inbound_at)) >= WINDOW_MS) return false;
      await graph.showTyping(latest.client_message_id.slice('wa:'.length));
      return true;
    } catch (error) {
      logger.debug({ err: error, chatSessionId }, 'WhatsApp typing indicator not shown');
      return false;
    }
  }

  private forgetStale(now: number): void {
    if (this.lastAt.size < REMEMBERED_CHATS) return;
    for (const [chat, at] of this.lastAt)
      if (now - at >= TYPING_INDICATOR_EVERY_MS) this.lastAt.delete(chat);
  }
}
