import { isDemoCustomer, notDemoCustomer } from '../../db/demo-customer';
import type { Database, Db } from '../../db/client';
import { sql, type SQL } from 'drizzle-orm';
import type { EventBus, NewEvent } from '../event-bus';
import { GroupCommit, type ALONE } from '../group-commit';

export type { NewEvent } from '../event-bus';

/** Work that one statement does for several callers at once (`EventLog.grouped`). */
export interface StatementGroup<I, R> {
  /** Items with one key never share a statement, nor overlap: each waits for the one before. */
  key(item: I): unknown;
  /**
   * One statement for `items` (distinct keys, in queue order), through `events.statement`: an
   * answer per item, or `ALONE` for one to run again in a statement of its own (`alone` set:
   * then it must be done, waiting if need be).
   */
  run(items: readonly I[], events: EventLog, alone: boolean): Promise<(R | typeof ALONE)[]>;
}

/** The channel the commit trigger notifies (drizzle/0002_realtime_event_ids_at_commit.sql). */
export const EVENTS_CHANNEL = 'agentchat_events';

export interface EventRouting {
  /** The one customer who may see it (besides agents); null when only staff may. */
  customerId: string | null;
  audience?: 'all' | 'admins' | 'everyone';
}

/**
 * Writes realtime events inside the caller's transaction, so an event exists exactly when the
 * change it describes does. The database gives each event its id at commit, in commit order,
 * under an advisory lock (drizzle/0002_realtime_event_ids_at_commit.sql), so a reader who has
 * seen id N has seen everything before N. It also sends the NOTIFY that other instances LISTEN to.
 */
export class EventLog {
  /** The events appended in each open transaction of `transaction`, told on the bus at commit. */
  private readonly written = new WeakMap<Db, NewEvent[]>();
  /** Each group's queue (`grouped`). */
  private readonly groups = new WeakMap<object, unknown>();

  /** Every commit here is told on the bus as `chatChanged`, and its events as `eventsCommitted`. */
  constructor(
    private readonly database: Database,
    private readonly bus: EventBus,
  ) {}

  /**
   * Adds an event to the caller's transaction. Its id is provisional until commit, when the
   * database numbers it in commit order and notifies the other instances (migration 0002).
   */
  async append(
    tx: Db,
    event: NewEvent,
    routing: EventRouting,
    /** Other writes of the same change, made in the same statement (a data-modifying WITH). */
    alongside: readonly SQL[] = [],
  ): Promise<void> {
    const insert = this.insertWhen(event, routing, sql`true`);
    await tx.execute(
      alongside.length === 0
        ? insert
        : sql`with ${sql.join(
            alongside.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`),
            sql`, `,
          )} ${insert}`,
    );
    // A transaction of `transaction` (a savepoint inside one would be another object: untold).
    this.written.get(tx)?.push(event);
  }

  /**
   * Tells the commit of `tx` (a transaction of `transaction`) of an event a statement of its
   * wrote through `insertFrom`, as written: for an event whose payload only the statement knew.
   */
  wrote(tx: Db, event: NewEvent): void {
    this.written.get(tx)?.push(event);
  }

  /**
   * The event's insert as a statement of its own, made only `when` holds: for a change that is
   * one SQL statement, event included (a data-modifying WITH), with no transaction around it.
   * Run it through `statement` so this process's hub hears of it.
   */
  insertWhen(event: NewEvent, routing: EventRouting, when: SQL): SQL {
    const { type, ...payload } = event;
    return this.insertFrom({
      type,
      chatSessionId: 'chatSessionId' in event ? event.chatSessionId : null,
      customerId: routing.customerId,
      audience: routing.audience,
      payload: sql`${JSON.stringify(payload)}::jsonb`,
      from: sql``,
      where: when,
    });
  }

  /**
   * The event's insert, once per row of `from` (a FROM clause over the statement's other parts,
   * or nothing) where `where` holds, with its customer and payload worked out there: for a
   * statement whose event needs what only the statement knows (the id it gives a row, the
   * chat's customer).
   */
  insertFrom(options: {
    type: NewEvent['type'];
    /** The chat's id, or an expression over `from`. */
    chatSessionId: number | SQL | null;
    /** The customer who may see it: an id, an expression over `from`, or null (staff only). */
    customerId: string | SQL | null;
    audience?: EventRouting['audience'];
    /** A jsonb expression over `from`. */
    payload: SQL;
    from: SQL;
    where: SQL;
  }): SQL {
    const { customerId } = options;
    const customer = typeof customerId === 'string' ? sql`${customerId}::uuid` : customerId;
    const chatSession = options.chatSessionId ?? sql`null`;
    // The demo customer's changes (DEMO_MODE's test pages, which poll) reach no socket: the
    // real inbox never shows them. An expression that gives null is staff's alone, as null is.
    const notDemo =
      customerId === null
        ? sql`true`
        : typeof customerId === 'string'
          ? isDemoCustomer(customerId)
            ? sql`false`
            : sql`true`
          : sql`(${customerId} is null or ${notDemoCustomer(customerId)})`;
    return sql`
      insert into realtime_events (type, chat_session_id, customer_id, audience, payload)
      select ${options.type}, ${chatSession}::integer, ${customer ?? sql`null::uuid`},
             ${options.audience ?? 'all'}, ${options.payload}
      ${options.from} where (${options.where}) and ${notDemo}`;
  }

  /**
   * Runs `work` in a transaction and tells this process's hub once it has committed.
   * (On PostgreSQL, NOTIFY does that too; the local poke only makes it sooner.)
   */
  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const written: NewEvent[] = [];
    const result = await this.database.db.transaction((tx) => {
      this.written.set(tx, written);
      return work(tx);
    });
    this.committed(written);
    return result;
  }

  /**
   * Runs one statement that may write events (it commits by itself) and tells the hub.
   * `written` says, from the statement's rows, which of its `insertWhen` events it wrote.
   */
  async statement<T>(
    query: SQL,
    written: (result: T[]) => readonly NewEvent[] = () => [],
  ): Promise<T[]> {
    // The hot paths' statements (a message): parsed and planned once, then bound and run.
    const result = await this.database.prepared<T>(query);
    this.committed(written(result));
    return result;
  }

  /**
   * Runs `item` in one of `group`'s statements, with the items queued meanwhile (group commit,
   * decision 043): one shared statement of the group in flight at a time, on either database (on
   * PostgreSQL, more at once made smaller statements and cost the server more per message).
   * The group's `run` goes through `statement`.
   */
  grouped<I, R>(group: StatementGroup<I, R>, item: I): Promise<R> {
    // Set below with this group's own types.
    let queue = this.groups.get(group) as GroupCommit<I, R> | undefined;
    if (!queue) {
      queue = new GroupCommit({
        key: (one: I) => group.key(one),
        run: (items: readonly I[], alone: boolean) => group.run(items, this, alone),
      });
      this.groups.set(group, queue);
    }
    return queue.submit(item);
  }

  private committed(events: readonly NewEvent[]): void {
    this.bus.emit('chatChanged');
    if (events.length > 0) this.bus.emit('eventsCommitted', { events });
  }

  /** This process's own commits; other instances' arrive as notifications. */
  onCommit(listener: () => void): () => void {
    return this.bus.on('chatChanged', listener);
  }
}
