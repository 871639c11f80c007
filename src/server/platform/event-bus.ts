import type { SessionUser } from './sessions';

/**
 * What features tell the rest of this process, by name. These are this instance's own changes,
 * heard before its response goes out; other instances learn the same from the database's
 * notifications (change-cache.ts, realtime/socket-sessions.ts).
 */
export interface BusEvents {
  /** A user's stored roles or status changed (deactivation, Make/Remove Agent, a ban). */
  userChanged: SessionUser;
  /** One sign-in session ended (sign-out). */
  sessionEnded: { tokenHash: string };
}

type Handler<K extends keyof BusEvents> = (event: BusEvents[K]) => void;

/** A typed, synchronous, in-process event bus: features publish, platform parts subscribe. */
export class EventBus {
  private readonly handlers: { [K in keyof BusEvents]: Set<Handler<K>> } = {
    userChanged: new Set(),
    sessionEnded: new Set(),
  };

  on<K extends keyof BusEvents>(name: K, handler: Handler<K>): () => void {
    const handlers = this.handlers[name] as Set<Handler<K>>;
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  emit<K extends keyof BusEvents>(name: K, event: BusEvents[K]): void {
    for (const handler of this.handlers[name] as Set<Handler<K>>) handler(event);
  }
}
