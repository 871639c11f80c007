import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '../../../shared/api/chat';
import type { Database, Db } from '../../db/client';
import { realtimeEvents } from '../../db/schema';

export const EVENTS_CHANNEL = 'agentchat_events';
/** Names the advisory lock that makes event ids visible in the order they were given. */
const EVENTS_LOCK_KEY = 7_418_290_115;

/** An event without its id; the id comes from the database. */
export type NewEvent = {
  [K in RealtimeEvent['type']]: Omit<Extract<RealtimeEvent, { type: K }>, 'id'>;
}[RealtimeEvent['type']];

export interface EventRouting {
  /** The one customer who may see it (besides agents); null when only staff may. */
  customerId: string | null;
  audience?: 'all' | 'admins';
}

/**
 * Writes realtime events inside the caller's transaction, so an event exists exactly when the
 * change it describes does. Ids come from one sequence; the advisory lock (held until commit)
 * makes them commit in id order, so a reader who has seen id N has seen everything before N.
 */
export class EventLog {
  private listeners = new Set<() => void>();

  constructor(private readonly database: Database) {}

  async append(tx: Db, event: NewEvent, routing: EventRouting): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK_KEY})`);
    const { type, ...payload } = event;
    const [row] = await tx
      .insert(realtimeEvents)
      .values({
        type,
        chatSessionId: 'chatSessionId' in event ? event.chatSessionId : null,
        customerId: routing.customerId,
        audience: routing.audience ?? 'all',
        payload: payload as Record<string, unknown>,
      })
      .returning({ id: realtimeEvents.id });
    if (this.database.kind === 'postgres') {
      // Delivered at commit to every instance LISTENing, this one included.
      await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row!.id)})`);
    }
    return row!.id;
  }

  /**
   * Runs `work` in a transaction and tells this process's hub once it has committed.
   * (On PostgreSQL, NOTIFY does that too; the local poke only makes it sooner.)
   */
  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await this.database.db.transaction(work);
    for (const listener of this.listeners) listener();
    return result;
  }

  onCommit(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
