import type { RealtimeEvent } from '../../shared/api/realtime';
import type { SessionUser } from './sessions';

/** A realtime event as a change writes it, before the database gives it its id. */
export type NewEvent = {
  [K in RealtimeEvent['type']]: Omit<Extract<RealtimeEvent, { type: K }>, 'id'>;
}[RealtimeEvent['type']];

/**
 * What features tell the rest of this process, by name. These are this instance's own changes,
 * heard before its response goes out; other instances learn the same from the database's
 * notifications (change-cache.ts, realtime/socket-sessions.ts).
 */
export interface BusEvents {
  /** A user's stored roles or status changed (deactivation, Make/Remove Agent, a ban). */
  userChanged: SessionUser;
  /** One sign-in session ended (sign-out); `userId` is whose, when it still existed. */
  sessionEnded: { tokenHash: string; userId: string | null };
  /**
   * A change with realtime events committed (realtime/events.ts): a chat, its messages, its
   * customer or its trades. Whatever this process keeps about chats may be stale.
   */
  chatChanged: undefined;
  /**
   * The realtime events of a change this process committed, after the commit (realtime/events.ts):
   * what happened, for counting (platform/metrics). Other instances' commits are not told here.
   */
  eventsCommitted: { events: readonly NewEvent[] };
  /** An agent saved a new USD-to-naira rate: naira prices follow it. */
  usdToNairaChanged: { rate: string };
  /** The price feed has new market prices: a managed rate may have moved into or out of the guard. */
  pricesRefreshed: undefined;
  /**
   * A staff member's socket on this instance says they are typing in a chat they may see
   * (realtime/typing.ts, already throttled per socket): the WhatsApp channel shows it to the
   * chat's customer on WhatsApp. Told once, on the instance the socket is on.
   */
  staffTyping: { chatSessionId: number; customerId: string };
}

type Handler<K extends keyof BusEvents> = (event: BusEvents[K]) => void;
/** An event without a payload is emitted by its name alone. */
type Payload<K extends keyof BusEvents> = BusEvents[K] extends undefined ? [] : [BusEvents[K]];

/** A typed, synchronous, in-process event bus: features publish, platform parts subscribe. */
export class EventBus {
  private readonly handlers: { [K in keyof BusEvents]: Set<Handler<K>> } = {
    userChanged: new Set(),
    sessionEnded: new Set(),
    chatChanged: new Set(),
    eventsCommitted: new Set(),
    usdToNairaChanged: new Set(),
    pricesRefreshed: new Set(),
    staffTyping: new Set(),
  };

  /** Handlers run in the order they subscribed. */
  on<K extends keyof BusEvents>(name: K, handler: Handler<K>): () => void {
    const handlers = this.handlers[name] as Set<Handler<K>>;
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  emit<K extends keyof BusEvents>(name: K, ...payload: Payload<K>): void {
    const event = payload[0] as BusEvents[K];
    for (const handler of this.handlers[name] as Set<Handler<K>>) handler(event);
  }
}
