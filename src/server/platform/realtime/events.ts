import type { RealtimeEvent } from '../../../shared/api/realtime';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import type { Database, Db } from '../../db/client';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../db/raw';
import type { EventBus } from '../event-bus';

/** The channel the commit trigger notifies (drizzle/0002_realtime_event_ids_at_commit.sql). */
export const EVENTS_CHANNEL = 'agentchat_events';

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
 * change it describes does. The database gives each event its id at commit, in commit order,
 * under an advisory lock (drizzle/0002_realtime_event_ids_at_commit.sql), so a reader who has
 * seen id N has seen everything before N. It also sends the NOTIFY that other instances LISTEN to.
 */
export class EventLog {
  /** Every commit here is told on the bus as `chatChanged`. */
  constructor(
    private readonly database: Database,
    private readonly bus: EventBus,
  ) {}

  /**
   * Adds an event to the caller's transaction. Its id is provisional until commit, when the
   * database numbers it in commit order and notifies the other instances (migration 0002).
   */
  async append(tx: Db, event: NewEvent, routing: EventRouting): Promise<void> {
    await tx.execute(this.insertWhen(event, routing, sql`true`));
  }

  /**
   * The event's insert as a statement of its own, made only `when` holds: for a change that is
   * one SQL statement, event included (a data-modifying WITH), with no transaction around it.
   * Run it through `statement` so this process's hub hears of it.
   */
  insertWhen(event: NewEvent, routing: EventRouting, when: SQL): SQL {
    const { type, ...payload } = event;
    const chatSessionId = 'chatSessionId' in event ? event.chatSessionId : null;
    return sql`
      insert into realtime_events (type, chat_session_id, customer_id, audience, payload)
      select ${type}, ${chatSessionId}::integer, ${routing.customerId}::uuid,
             ${routing.audience ?? 'all'}, ${JSON.stringify(payload)}::jsonb
      where ${
        // The demo customer's changes (DEMO_MODE's test pages, which poll) reach no socket:
        // the real inbox never shows them.
        routing.customerId === DEMO_CUSTOMER_ID ? sql`false` : when
      }`;
  }

  /**
   * Runs `work` in a transaction and tells this process's hub once it has committed.
   * (On PostgreSQL, NOTIFY does that too; the local poke only makes it sooner.)
   */
  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await this.database.db.transaction(work);
    this.committed();
    return result;
  }

  /** Runs one statement that may write events (it commits by itself) and tells the hub. */
  async statement<T>(query: SQL): Promise<T[]> {
    const result = await rows<T>(this.database.db, query);
    this.committed();
    return result;
  }

  private committed(): void {
    this.bus.emit('chatChanged');
  }

  /** This process's own commits; other instances' arrive as notifications. */
  onCommit(listener: () => void): () => void {
    return this.bus.on('chatChanged', listener);
  }
}
