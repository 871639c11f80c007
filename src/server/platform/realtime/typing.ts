import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { TYPING_THROTTLE_MS, type ServerFrame } from '../../../shared/api/realtime';
import type { Database } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import type { EventBus } from '../event-bus';
import { chatSessions } from '../../db/schema';
import type { RealtimeHub, Subscriber } from './hub';

/** The channel typing signals cross instances on: NOTIFY only, nothing is stored. */
export const TYPING_CHANNEL = 'agentchat_typing';

const signalSchema = z.object({
  chatSessionId: z.number().int(),
  customerId: z.uuid(),
  userId: z.uuid(),
  from: z.enum(['customer', 'agent']),
});
type Signal = z.infer<typeof signalSchema>;

/**
 * The server drops a socket's "typing" for a chat sooner than this after its last: half the
 * client's TYPING_THROTTLE_MS, so a client keeping to it is never dropped by network jitter
 * (two signals sent 2 s apart may arrive 1.9 s apart), while a flood still is.
 */
export const TYPING_MIN_GAP_MS = TYPING_THROTTLE_MS / 2;

/** How many chats' customers a socket remembers (a chat's customer never changes). */
const REMEMBERED_CHATS = 200;

/**
 * Relays "typing" between a chat's customer and the staff (ephemeral: never in the database,
 * never in realtime_events, no resume). A socket's "typing" for a chat it may not see is
 * dropped; one sooner than TYPING_MIN_GAP_MS after its last for that chat is dropped too.
 * Each signal goes through the database's NOTIFY (not stored), so every instance, this one
 * included, hands it to its own sockets that show that chat now (the hub's `signalTyping`).
 */
export class TypingRelay {
  /** Per socket: when it last sent "typing" per chat, and the chats' customers it has looked up. */
  private readonly seen = new WeakMap<
    Subscriber,
    { lastAt: Map<number, number>; customerOf: Map<number, string | null> }
  >();

  constructor(
    private readonly database: Database,
    private readonly hub: RealtimeHub,
    notifications: Notifications,
    private readonly logger: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    /** Told `staffTyping` for a staff member's signal: WhatsApp shows it to the customer. */
    private readonly bus?: EventBus,
  ) {
    notifications.on(TYPING_CHANNEL, (payload) => {
      let signal: Signal;
      try {
        signal = signalSchema.parse(JSON.parse(payload));
      } catch {
        return;
      }
      this.fanOut(signal);
    });
  }

  /** A socket says its user is typing in `chatSessionId`. */
  async typing(subscriber: Subscriber, chatSessionId: number): Promise<void> {
    let state = this.seen.get(subscriber);
    if (!state) this.seen.set(subscriber, (state = { lastAt: new Map(), customerOf: new Map() }));
    const now = this.now();
    const last = state.lastAt.get(chatSessionId);
    if (last !== undefined && now - last < TYPING_MIN_GAP_MS) return;
    state.lastAt.set(chatSessionId, now);

    let customerId = state.customerOf.get(chatSessionId);
    if (customerId === undefined) {
      const [chat] = await this.database.db
        .select({ customerId: chatSessions.customerId })
        .from(chatSessions)
        .where(eq(chatSessions.id, chatSessionId))
        .limit(1);
      customerId = chat?.customerId ?? null;
      if (state.customerOf.size >= REMEMBERED_CHATS) state.customerOf.clear();
      state.customerOf.set(chatSessionId, customerId);
    }
    if (customerId === null) return;
    // Read now, not at connect: the socket's user as the hub knows it (roles, deactivation).
    const { user } = subscriber;
    if (!this.hub.has(subscriber) || !user.isActive) return;
    const staff = user.isAgent || user.isAdmin;
    if (!staff && customerId !== user.id) return;
    const signal: Signal = {
      chatSessionId,
      customerId,
      userId: user.id,
      from: customerId === user.id ? 'customer' : 'agent',
    };
    if (signal.from === 'agent') this.bus?.emit('staffTyping', { chatSessionId, customerId });
    try {
      await this.database.db.execute(
        sql`select pg_notify(${TYPING_CHANNEL}, ${JSON.stringify(signal)})`,
      );
    } catch (error) {
      // Typing is best effort: the next keystrokes send it again.
      this.logger.debug({ err: error }, 'realtime: relaying typing failed');
    }
  }

  private fanOut(signal: Signal): void {
    const frame: Extract<ServerFrame, { type: 'typing' }> = {
      type: 'typing',
      chatSessionId: signal.chatSessionId,
      from: signal.from,
      userId: signal.userId,
    };
    this.hub.signalTyping(signal.customerId, frame);
  }
}
